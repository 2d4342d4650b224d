/** A list that takes the search form's place: its title, the Back button, and what it lists. */
import { useLingui } from '@lingui/react';
import { useId, type ReactNode } from 'react';

interface ResultsSectionProps {
  title: string;
  onBack: () => void;
  className?: string;
  children: ReactNode;
}

export function ResultsSection({ title, onBack, className, children }: ResultsSectionProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  return (
    <section
      className={className ? `search-results ${className}` : 'search-results'}
      aria-labelledby={titleId}
    >
      <div className="search-results-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button" onClick={onBack}>
          {i18n._('search.back')}
        </button>
      </div>
      {children}
    </section>
  );
}
