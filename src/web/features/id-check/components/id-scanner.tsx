import { type AamvaId, parseAamva } from '@shared/id-check/aamva';
import type { IScannerControls } from '@zxing/browser';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/** A camera problem in the driver's words, with the way out: typing the ID. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError')
    return 'The camera is blocked. Allow it in the browser’s settings, or type what the ID says.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera found. Type what the ID says instead.';
  return 'The camera could not start. Type what the ID says instead.';
}

/**
 * Reads the PDF417 barcode on the back of a US licence with the phone's back camera.
 * The decoder loads only when a driver opens the scanner; each frame that decodes is
 * parsed as AAMVA, and the first complete one is handed over with its raw text.
 */
export interface IdScan {
  /** the barcode's text as decoded: the server reads it again, so only a real scan is a scan */
  text: string;
  id: AamvaId;
}

export function IdScanner({ onScan }: { onScan: (scan: IdScan) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const [state, setState] = useState<'starting' | 'scanning'>('starting');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let controls: IScannerControls | undefined;
    let done = false;
    void (async () => {
      try {
        const { BrowserPDF417Reader } = await import('@zxing/browser');
        if (done || !videoRef.current) return;
        const reader = new BrowserPDF417Reader(undefined, { delayBetweenScanAttempts: 200 });
        controls = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' } },
          videoRef.current,
          (result) => {
            if (!result || done) return;
            const parsed = parseAamva(result.getText());
            if (!parsed.ok) {
              setProblem(`${parsed.reason}. Try again, or type what the ID says.`);
              return;
            }
            done = true;
            controls?.stop();
            onScanRef.current({ text: result.getText(), id: parsed.id });
          },
        );
        if (done) controls.stop();
        else setState('scanning');
      } catch (error) {
        if (!done) setProblem(cameraProblem(error));
      }
    })();
    return () => {
      done = true;
      controls?.stop();
    };
  }, []);

  return (
    <div className="flex flex-col gap-2">
      <div className="relative overflow-hidden rounded-xl border border-line bg-black">
        <video
          ref={videoRef}
          aria-label="Camera preview"
          muted
          playsInline
          className="aspect-[4/3] w-full object-cover"
        />
        {state === 'starting' && !problem && (
          <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white">
            <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" />
            Starting the camera...
          </div>
        )}
        {/* a guide for where the barcode goes */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-[8%] top-1/2 h-1/3 -translate-y-1/2 rounded-lg border-2 border-white/80"
        />
      </div>
      <p role="status" className="text-sm text-muted">
        {problem ??
          (state === 'scanning'
            ? 'Hold the barcode on the back of the ID inside the frame.'
            : 'Asking for the camera...')}
      </p>
    </div>
  );
}
