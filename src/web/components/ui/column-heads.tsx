import { clsx } from 'clsx';

/** A table's row of column headings; the columns named in `right` (amounts, actions) are set right. */
export function ColumnHeads({
  names,
  right = [],
  className,
}: {
  names: readonly string[];
  right?: readonly string[];
  /** each heading's cell */
  className: string;
}) {
  return (
    <tr>
      {names.map((name) => (
        <th
          key={name}
          scope="col"
          className={clsx(className, right.includes(name) && 'text-right')}
        >
          {name}
        </th>
      ))}
    </tr>
  );
}
