/**
 * Generic tables in the order they can be created: a table after every generic table it refers
 * to, since a foreign key needs its target. A table may refer to itself (a parent region); two or
 * more tables referring to each other in a circle cannot be created one by one and are refused.
 */
import { SchemaTableError } from './schema-table-error.ts';
import type { TableShape } from './table-shape.ts';

export function inReferenceOrder(shapes: TableShape[]): TableShape[] {
  const byTable = new Map(shapes.map((s) => [s.table, s]));
  const ordered: TableShape[] = [];
  const done = new Set<string>();
  const visiting: string[] = [];

  const visit = (shape: TableShape) => {
    if (done.has(shape.table)) return;
    const at = visiting.indexOf(shape.table);
    if (at >= 0) throw cycleError([...visiting.slice(at), shape.table], byTable);
    visiting.push(shape.table);
    for (const column of shape.columns) {
      const target = column.references && byTable.get(column.references.table);
      if (target && target !== shape) visit(target);
    }
    visiting.pop();
    done.add(shape.table);
    ordered.push(shape);
  };
  for (const shape of shapes) visit(shape);
  return ordered;
}

function cycleError(path: string[], byTable: Map<string, TableShape>): SchemaTableError {
  const links = path.slice(0, -1).map((table, i) => {
    const next = path[i + 1]!;
    const column = byTable.get(table)!.columns.find((c) => c.references?.table === next)!;
    return `${table}.${column.property} -> ${next}`;
  });
  return new SchemaTableError(
    `Generic tables refer to each other in a circle: ${links.join(', ')}.\n` +
      'Their foreign keys cannot be created one table after the other. Break the circle: drop "x-ref" from one of these properties, or give one of the resources custom routes and a migration.',
  );
}
