// Where the visits went and came from: pages, sources, landing pages, devices and languages, one
// table each.
import type { SiteInsights } from '~/data/insights';
import { insightsCopy as copy } from './copy';

function Table<Row>({
  heading,
  columns,
  rows,
  rowKey,
}: {
  heading: string;
  columns: Array<{ label: string; cell: (row: Row) => string | number; numeric?: boolean }>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <section className="insights-section" aria-label={heading}>
      <h2>{heading}</h2>
      {rows.length === 0 ? (
        <p className="admin-field__hint">{copy.empty}</p>
      ) : (
        <table className="insights-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={column.numeric ? 'numeric' : ''}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th key={column.label} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.label} className={column.numeric ? 'numeric' : ''}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function VisitTables({ insights }: { insights: SiteInsights }) {
  return (
    <div className="insights-grid">
      <Table
        heading={copy.pages.heading}
        rows={insights.pages}
        rowKey={(row) => row.path}
        columns={[
          { label: copy.pages.page, cell: (row) => row.path },
          { label: copy.pages.views, cell: (row) => row.views, numeric: true },
          { label: copy.pages.visitors, cell: (row) => row.visitors, numeric: true },
        ]}
      />
      <Table
        heading={copy.sources.heading}
        rows={insights.sources}
        rowKey={(row) => row.source}
        columns={[
          { label: copy.sources.source, cell: (row) => row.source },
          { label: copy.sources.visitors, cell: (row) => row.visitors, numeric: true },
        ]}
      />
      <Table
        heading={copy.landing.heading}
        rows={insights.landing_pages}
        rowKey={(row) => row.path}
        columns={[
          { label: copy.landing.page, cell: (row) => row.path },
          { label: copy.landing.visitors, cell: (row) => row.visitors, numeric: true },
        ]}
      />
      <Table
        heading={copy.devices.heading}
        rows={insights.devices}
        rowKey={(row) => row.device}
        columns={[
          { label: copy.devices.device, cell: (row) => copy.devices.names[row.device] },
          { label: copy.sources.visitors, cell: (row) => row.visitors, numeric: true },
        ]}
      />
      <Table
        heading={copy.languages.heading}
        rows={insights.languages}
        rowKey={(row) => row.language}
        columns={[
          {
            label: copy.languages.language,
            cell: (row) => copy.languages.names[row.language],
          },
          { label: copy.sources.visitors, cell: (row) => row.visitors, numeric: true },
        ]}
      />
    </div>
  );
}
