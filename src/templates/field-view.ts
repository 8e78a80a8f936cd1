import { columnLabels, fieldRows, parseField, printField } from '../rules/field.js';
import { STAR } from '../rules/types.js';

/**
 * A field as the templates show it: a text grid with coordinates, and rows of cells for
 * HTML, each cell knowing its coordinate and whether it is the joker star.
 */
export function fieldView(notation: string) {
  const field = parseField(notation);
  const columns = columnLabels(field.size);
  return {
    fieldText: printField(field),
    columns,
    fieldRows: fieldRows(field).map((faces, r) => ({
      label: String(r + 1),
      cells: faces.map((face, c) => ({ face, joker: field.cells[r * field.size + c] === STAR, name: `${columns[c]}${r + 1}` })),
    })),
  };
}
