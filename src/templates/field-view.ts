import { columnLabels, fieldRows, parseField, printField } from '../rules/field.js';

/** A field as the templates show it: a text grid, and rows of cells with coordinates for HTML. */
export function fieldView(notation: string) {
  const field = parseField(notation);
  return {
    fieldText: printField(field),
    columns: columnLabels(field.size),
    fieldRows: fieldRows(field).map((cells, i) => ({ label: String(i + 1), cells })),
  };
}
