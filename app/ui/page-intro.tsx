import type { ReactNode } from 'react';
import type { Dictionary } from '~/i18n/en';
import { useDictionary } from '~/i18n/locale';

export function PageIntro({
  heading,
  lead,
  children,
}: {
  heading: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <section className="page-intro">
      <div className="container">
        <h1>{heading}</h1>
        <p className="lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}

/** A page's heading and lead from the dictionary, in the visitor's language. */
export function DictionaryPageIntro({ page }: { page: keyof Dictionary['pages'] }) {
  const { heading, lead } = useDictionary().pages[page];
  return <PageIntro heading={heading} lead={lead} />;
}
