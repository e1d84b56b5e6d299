import { clsx } from 'clsx';
import { Eraser } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from './button';

/** Sharp on a phone's screen, yet a PNG of a few kilobytes (signature.ts caps it). */
const MAX_PIXEL_RATIO = 2;

/**
 * A box to sign in with a finger, a stylus or the mouse. Dark ink on white in every theme,
 * because the signature goes on a printed receipt. Reports a PNG data: URL after each stroke,
 * and null once cleared.
 */
export function SignatureField({
  label,
  hint,
  error,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  onChange: (signature: string | null) => void;
}) {
  const id = useId();
  const fieldRef = useRef<HTMLFieldSetElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [signed, setSigned] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#111827', minWidth: 1, maxWidth: 2.5 });
    padRef.current = pad;
    const fit = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      // resizing wipes the canvas: start again rather than keep a stretched signature
      pad.clear();
      setSigned(false);
      onChangeRef.current(null);
    };
    fit();
    // it appears below what the driver just did: bring the whole box on screen to sign in
    fieldRef.current?.scrollIntoView?.({ block: 'nearest' });
    const onStroke = () => {
      setSigned(!pad.isEmpty());
      onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    };
    pad.addEventListener('endStroke', onStroke);
    const resize = new ResizeObserver(() => {
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
      if (canvas.width !== canvas.offsetWidth * ratio) fit();
    });
    resize.observe(canvas);
    return () => {
      resize.disconnect();
      pad.removeEventListener('endStroke', onStroke);
      pad.off();
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    setSigned(false);
    onChange(null);
  };

  return (
    <fieldset ref={fieldRef} className="m-0 flex min-w-0 flex-col gap-1.5 border-0 p-0">
      <legend className="mb-1.5 text-sm font-medium">{label}</legend>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={signed ? `${label}: signed` : `${label}: not signed yet`}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        data-testid="signature-pad"
        className={clsx(
          'h-40 w-full touch-none rounded-xl border-2 border-dashed bg-white',
          error ? 'border-danger' : 'border-line',
        )}
      />
      <div className="flex items-start justify-between gap-2">
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        )}
        <Button variant="ghost" size="sm" onClick={clear} disabled={!signed}>
          <Eraser aria-hidden="true" className="h-4 w-4" />
          Clear
        </Button>
      </div>
    </fieldset>
  );
}
