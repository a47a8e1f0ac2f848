// The site's CSV cells as a spreadsheet reads them, in the comma and the semicolon dialect alike.
import { describe, expect, it } from 'vitest';
import { csvCell, csvFile } from './csv.ts';

/**
 * The cells of one record as a spreadsheet splits it on `separator` (RFC 4180 quoting), and
 * whether each would run as a formula (Excel reads a cell as one when it starts with =, + or -
 * or @; the apostrophe marks text).
 */
function spreadsheetCells(record: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < record.length; i += 1) {
    const char = record[i]!;
    if (quoted) {
      if (char === '"' && record[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}
const runsAsFormula = (cell: string) => /^\s*[=+\-@＝＋－＠]/u.test(cell);

describe('csvCell', () => {
  it('leaves plain text and numbers alone and writes a missing value as an empty field', () => {
    expect(csvCell('Anna AB')).toBe('Anna AB');
    expect(csvCell('Åsa Öberg på Städ & Ärende AB')).toBe('Åsa Öberg på Städ & Ärende AB');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes a field holding either separator, a quote, a CR or an LF, doubling its quotes', () => {
    expect(csvCell('Svensson, Anna')).toBe('"Svensson, Anna"');
    expect(csvCell('Städ; Väst')).toBe('"Städ; Väst"');
    expect(csvCell('the "best" shop')).toBe('"the ""best"" shop"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('line one\r\nline two')).toBe('"line one\r\nline two"');
    expect(csvCell('lone\rCR')).toBe('"lone\rCR"');
    expect(csvCell('"')).toBe('""""');
  });

  it('puts an apostrophe before anything a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
    );
    expect(csvCell('+46 70 123 45 67')).toBe("'+46 70 123 45 67");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\tplain')).toBe("'\tplain");
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvCell('\rplain')).toBe(`"'\rplain"`);
  });

  it('looks for the formula sign after leading whitespace, and in its full-width forms', () => {
    expect(csvCell('  =1+1')).toBe("'  =1+1");
    expect(csvCell('\u00a0+1')).toBe("'\u00a0+1");
    expect(csvCell('\u3000@SUM(A1)')).toBe("'\u3000@SUM(A1)");
    expect(csvCell('\n-1')).toBe(`"'\n-1"`);
    expect(csvCell('＝1+1')).toBe("'＝1+1");
    expect(csvCell('＋1')).toBe("'＋1");
    expect(csvCell('－1')).toBe("'－1");
    expect(csvCell('＠SUM(A1)')).toBe("'＠SUM(A1)");
    expect(csvCell(' ＝1+1')).toBe("' ＝1+1");
  });

  it('leaves a formula sign inside the text alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('a=b, c-d')).toBe('"a=b, c-d"');
    expect(csvCell('Anna-Karin')).toBe('Anna-Karin');
  });

  it('keeps a cell that names both separators and a formula one inert cell in either dialect', () => {
    for (const value of ['Acme;=1+1;x', 'Acme,=1+1,x', '=1+1;x', ' -2,@A1;"q"', 'a\r=1;b']) {
      const cell = csvCell(value);
      for (const separator of [',', ';']) {
        const cells = spreadsheetCells(cell, separator);
        expect(cells, `${JSON.stringify(value)} split on ${separator}`).toHaveLength(1);
        expect(runsAsFormula(cells[0]!)).toBe(false);
        expect(cells[0]!.replace(/^'/, '')).toBe(value);
      }
    }
  });
});

describe('csvFile', () => {
  it('starts with a byte order mark and ends each record with CRLF, in the dialect asked for', () => {
    const rows = [
      ['name', 'leads'],
      ['Acme;=1+1;x', 3],
      [null, 0],
    ];
    expect(csvFile(rows, ',')).toBe('\uFEFFname,leads\r\n"Acme;=1+1;x",3\r\n,0\r\n');
    expect(csvFile(rows, ';')).toBe('\uFEFFname;leads\r\n"Acme;=1+1;x";3\r\n;0\r\n');
    expect(csvFile([], ',')).toBe('\uFEFF');
  });
});
