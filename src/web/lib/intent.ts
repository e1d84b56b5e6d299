/**
 * Starts loading what a control opens as soon as the pointer rests on it or it takes focus,
 * so the click (or Enter) finds it ready.
 */
export function intentProps(onIntent: (() => void) | undefined) {
  return { onPointerEnter: onIntent, onFocus: onIntent };
}
