import { SectionCard, type SectionCardProps } from '../../components/SectionCard';

/** One of the admin screen's sections. */
export function AdminSection(props: SectionCardProps) {
  return <SectionCard {...props} />;
}
