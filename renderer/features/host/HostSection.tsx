import { SectionCard, type SectionCardProps } from '../../components/SectionCard';
import type { ReactNode } from 'react';

/** One of the host page's sections: side by side, they fill their row's height. */
export function HostSection(props: Omit<SectionCardProps, 'fill'>) {
  return <SectionCard {...props} fill />;
}

/** A row of facts (label, value) as a description list: read in pairs by screen readers, stacked on a phone. */
export function Facts({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className="host-facts" data-testid={testId}>
      {children}
    </dl>
  );
}

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="host-fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
