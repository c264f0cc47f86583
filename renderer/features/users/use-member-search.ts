import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MEMBER_SEARCH_PAUSE_MS } from './MemberListControls';

/**
 * A search kept in the address (`?q=`), so a reload, the back button or a shared link finds the same
 * members. The field shows what is typed; the address (and so the search) follows after a pause in typing,
 * replacing the entry rather than adding one per word. A change of address from elsewhere (the menu's link
 * to the page) empties or fills the field.
 */
export function useUrlSearch(name = 'q') {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(name)?.trim() ?? '';
  const [typed, setTyped] = useState(inAddress);
  const [paused] = useDebouncedValue(typed.trim(), MEMBER_SEARCH_PAUSE_MS);
  const written = useRef(inAddress);

  function write(value: string) {
    written.current = value;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }

  useEffect(() => {
    if (paused !== written.current) write(paused);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a pause in typing writes the address
  }, [paused]);

  useEffect(() => {
    if (inAddress === written.current) return;
    written.current = inAddress;
    setTyped(inAddress);
  }, [inAddress]);

  return {
    /** What the field shows. */
    typed,
    setTyped,
    /** What is searched: the address's. */
    search: inAddress,
    /** Enter: search what is typed now, without waiting for the pause. */
    searchNow: () => write(typed.trim()),
    /** Typed but not yet searched. */
    pending: typed.trim() !== inAddress,
  };
}

/** A search kept on the screen alone (the admin screen's member list): searched after a pause in typing, or at Enter. */
export function useTypedSearch() {
  const [typed, setTyped] = useState('');
  const [paused] = useDebouncedValue(typed.trim(), MEMBER_SEARCH_PAUSE_MS);
  // What Enter searched, while it is still what the field says.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const search = submitted !== null && submitted === typed.trim() ? submitted : paused;
  return { typed, setTyped, search, searchNow: () => setSubmitted(typed.trim()), pending: typed.trim() !== search };
}
