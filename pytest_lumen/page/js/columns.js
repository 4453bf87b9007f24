// The header of the table column each cell is in, for page/items.py: a <table>'s th, an ARIA table's or grid's
// columnheader (rows and cells of divs with generated class names alike). A cell's column is its place in its row,
// colspans counted, or its aria-colindex when the page declares one; its header is the cell at that place in the
// table's header row (a thead's last row, else the last row of header cells before the data; else a grid library's
// header table before the body's). null: no table, no header row, a
// blank header (a checkbox column) or one whose text another header has too (it names no column alone).
function columnsOf(cells) {
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const CELL = 'td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]';
  const ROW = 'tr, [role=row]';
  const TABLE = 'table, [role=table], [role=grid], [role=treegrid]';
  const span = (c) => Math.max(1, parseInt(c.getAttribute('aria-colspan') || c.colSpan || '1', 10) || 1);
  const header = (c) => {
    const role = (c.getAttribute('role') || '').trim();
    if (role) return role === 'columnheader';
    return c.tagName === 'TH' && c.getAttribute('scope') !== 'row';
  };
  const cellsOf = (row) => Array.from(row.querySelectorAll(CELL)).filter((c) => c.parentElement.closest(ROW) === row);
  // [start, end) of each cell of a row: its aria-colindex when declared, else its place, colspans counted.
  const places = (row) => {
    let at = 0;
    return cellsOf(row).map((c) => {
      const declared = parseInt(c.getAttribute('aria-colindex') || '', 10);
      const start = declared > 0 ? declared - 1 : at;
      at = start + span(c);
      return [c, start, at];
    });
  };
  // A thead's last row; else the last row of header cells before the first row of data. A row of one cell that spans
  // columns is a group's title (Research, Sales), never the columns' header, nor is a totals row after the data.
  const headerRow = (table) => {
    const rows = deepAll(ROW, table).filter((r) => closestAcross(r, TABLE) === table);  // a grid component's in its shadow root
    const thead = rows.filter((r) => r.closest('thead') && cellsOf(r).length);
    if (thead.length) return thead[thead.length - 1];
    const heads = [];
    for (const r of rows) {
      const cells = cellsOf(r);
      if (!cells.length) continue;
      if (!cells.every(header)) break;
      if (cells.length > 1 || span(cells[0]) === 1) heads.push(r);
    }
    return heads.length ? heads[heads.length - 1] : null;
  };
  // A grid library's header in a table of its own before the body's (Element UI's el-table, Ant Design's fixed
  // header): the nearest such table, within a few levels around the body's, whose header row spans as many columns.
  const width = (row) => { const p = places(row); return p.length ? p[p.length - 1][2] : 0; };
  const splitHeader = (table, row) => {
    for (let around = table.parentElement, d = 0; around && d < 3; around = around.parentElement, d++) {
      const before = Array.from(around.querySelectorAll(TABLE)).filter((t) => t !== table && !t.contains(table)
        && !table.contains(t) && (t.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING));
      for (const t of before.reverse()) {
        const head = headerRow(t);
        if (head) return width(head) === width(row) ? head : null;
      }
    }
    return null;
  };
  const found = new Map();  // a table's header row, read once for all the cells asked about (a row's, mostly)
  const headOf = (table, row) => {
    if (!found.has(table)) found.set(table, headerRow(table) || splitHeader(table, row));
    return found.get(table);
  };
  return cells.map((cell) => {
    const row = cell.parentElement && cell.parentElement.closest(ROW);
    const table = row && closestAcross(row, TABLE);
    const head = table && headOf(table, row);
    if (!head || head === row) return null;
    const mine = places(row).find(([c]) => c === cell);
    if (!mine) return null;
    const heads = places(head);
    const over = heads.filter(([, start, end]) => start <= mine[1] && mine[1] < end);
    if (over.length !== 1) return null;
    const text = clean(over[0][0].innerText);
    if (!text || heads.filter(([c]) => clean(c.innerText) === text).length !== 1) return null;
    return text;
  });
}
