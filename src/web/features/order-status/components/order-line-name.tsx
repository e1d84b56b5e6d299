import { lineChoice } from '@shared/flavors';

/** An ordered line as the shopper reads it: "Blue Dream · Indica (3.5g) × 2". */
export function OrderLineName({
  item,
  className,
}: {
  item: {
    name: string;
    quantity: string;
    count: number;
    flavor?: string | null;
    strainType?: string | null;
  };
  className?: string;
}) {
  const choice = lineChoice(item);
  return (
    <span className={className}>
      {item.name}
      {choice && <span className="text-muted"> · {choice}</span>}{' '}
      <span className="text-muted">({item.quantity})</span>
      {item.count > 1 ? ` × ${item.count}` : ''}
    </span>
  );
}
