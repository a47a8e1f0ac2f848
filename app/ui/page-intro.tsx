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

type Pages = Dictionary['pages'];
/** The pages whose dictionary entry carries an intro (a heading and a lead). */
type PageWithIntro = {
  [K in keyof Pages]: Pages[K] extends { heading: string; lead: string } ? K : never;
}[keyof Pages];

/** A page's heading and lead from the dictionary, in the visitor's language. */
export function DictionaryPageIntro({ page }: { page: PageWithIntro }) {
  const { heading, lead } = useDictionary().pages[page];
  return <PageIntro heading={heading} lead={lead} />;
}
