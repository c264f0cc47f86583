import { Menu } from '@mantine/core';
import { useId, type ReactElement } from 'react';

export interface RadioMenuOption<V extends string> {
  value: V;
  label: string;
  /** The option's own language, when its label is in it (a language's name). */
  lang?: string;
}

/**
 * A header button's menu of one choice (the language, the theme): radio items saying which is chosen, in a
 * group named by `label`, opening on the one in use. No focus placeholder: Mantine's is a presentational div
 * with a tabindex, no menu item (axe: aria-required-children). `opened` opens it as it first shows.
 */
export function RadioMenu<V extends string>(props: {
  target: ReactElement;
  label: string;
  options: RadioMenuOption<V>[];
  value: V;
  onChoose(value: V): void;
  opened?: boolean;
}) {
  const { target, label, options, value, onChoose, opened = false } = props;
  const labelId = useId();
  return (
    <Menu position="bottom-end" withArrow shadow="md" defaultOpened={opened} withInitialFocusPlaceholder={false}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label id={labelId}>{label}</Menu.Label>
        <div role="group" aria-labelledby={labelId}>
          {options.map((option) => (
            <Menu.RadioItem
              key={option.value}
              lang={option.lang}
              value={option.value}
              checked={option.value === value}
              closeMenuOnClick
              data-autofocus={option.value === value || undefined}
              onChange={() => onChoose(option.value)}
            >
              {option.label}
            </Menu.RadioItem>
          ))}
        </div>
      </Menu.Dropdown>
    </Menu>
  );
}
