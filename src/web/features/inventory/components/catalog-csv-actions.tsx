import { type CatalogImportResult, describeCsvError, type ImportAction } from '@shared/catalog-csv';
import { useQueryClient } from '@tanstack/react-query';
import { productKeys } from '@web/api/get-products';
import { Button, buttonClasses } from '@web/components/ui/button';
import { DialogFrame } from '@web/components/ui/dialog-frame';
import { toast } from '@web/components/ui/toast';
import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { applyCatalogImport, CATALOG_EXPORT_URL, previewCatalogImport } from '../api/catalog-csv';
import { errorMessage } from '../api/product-mutations';

/** Lists longer than this are cut, saying how many more there are. */
const SHOWN = 50;

const COUNT_LABELS: Record<ImportAction, string> = {
  add: 'to add',
  update: 'to update',
  skip: 'unchanged',
  error: 'with errors',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function ImportCounts({ counts }: { counts: CatalogImportResult['counts'] }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {(Object.keys(COUNT_LABELS) as ImportAction[]).map((action) => (
        <div
          key={action}
          className={`rounded-xl border p-3 ${action === 'error' && counts.error > 0 ? 'border-danger text-danger' : 'border-line'}`}
        >
          <dt className="text-xs text-muted">{COUNT_LABELS[action]}</dt>
          <dd className="text-2xl font-bold tabular-nums">{counts[action]}</dd>
        </div>
      ))}
    </dl>
  );
}

function ImportPreview({ result }: { result: CatalogImportResult }) {
  const changes = result.rows.filter((row) => row.action === 'add' || row.action === 'update');
  return (
    <div className="flex flex-col gap-4">
      <ImportCounts counts={result.counts} />
      {result.errors.length > 0 && (
        <section aria-labelledby="import-errors-title">
          <h3 id="import-errors-title" className="font-semibold text-danger">
            {plural(result.errors.length, 'problem')}: fix the file and choose it again
          </h3>
          <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Import errors">
            {result.errors.slice(0, SHOWN).map((error) => (
              <li
                key={`${error.line}-${error.column}-${error.message}`}
                className="rounded-lg bg-surface-2 px-3 py-1.5"
              >
                {describeCsvError(error)}
              </li>
            ))}
          </ul>
          {result.errors.length > SHOWN && (
            <p className="mt-1 text-sm text-muted">and {result.errors.length - SHOWN} more</p>
          )}
        </section>
      )}
      {changes.length > 0 && (
        <section aria-labelledby="import-changes-title">
          <h3 id="import-changes-title" className="font-semibold">
            Changes
          </h3>
          <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Import changes">
            {changes.slice(0, SHOWN).map((row) => (
              <li key={row.line} className="flex gap-2">
                <span className="w-16 shrink-0 font-semibold text-muted">
                  {row.action === 'add' ? 'Add' : 'Update'}
                </span>{' '}
                <span className="min-w-0 truncate">
                  {row.name}
                  <span className="text-muted"> (line {row.line})</span>
                </span>
              </li>
            ))}
          </ul>
          {changes.length > SHOWN && (
            <p className="mt-1 text-sm text-muted">and {changes.length - SHOWN} more</p>
          )}
        </section>
      )}
    </div>
  );
}

interface ImportState {
  file: File;
  result: CatalogImportResult;
}

/** "Export CSV" and "Import CSV" of the inventory screen; an import shows its preview before it applies. */
export function CatalogCsvActions() {
  const client = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<ImportState | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function preview(file: File) {
    setBusy(true);
    try {
      setState({ file, result: await previewCatalogImport(file) });
      setOpen(true);
    } catch (error) {
      toast({ title: 'Import failed', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
      if (picker.current) picker.current.value = '';
    }
  }

  async function apply() {
    if (!state) return;
    setBusy(true);
    try {
      const result = await applyCatalogImport(state.file);
      if (!result.applied) {
        setState({ ...state, result });
        return;
      }
      setOpen(false);
      toast({
        title: 'Catalog imported',
        description: `${result.counts.add} added, ${result.counts.update} updated, ${result.counts.skip} unchanged.`,
        variant: 'success',
      });
      void client.invalidateQueries({ queryKey: productKeys.all });
    } catch (error) {
      toast({ title: 'Import failed', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const result = state?.result;
  const changeCount = result ? result.counts.add + result.counts.update : 0;
  const canApply = !!result && result.errors.length === 0 && changeCount > 0;

  return (
    <>
      <a href={CATALOG_EXPORT_URL} download className={buttonClasses('outline')}>
        <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
      </a>
      <Button variant="outline" disabled={busy} onClick={() => picker.current?.click()}>
        <Upload aria-hidden="true" className="h-4 w-4" /> Import CSV
      </Button>
      <input
        ref={picker}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label="CSV file to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void preview(file);
        }}
      />
      <DialogFrame
        open={open}
        onClose={() => setOpen(false)}
        size="lg"
        title="Import catalog"
        description={state ? `From ${state.file.name}` : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button disabled={!canApply || busy} onClick={() => void apply()}>
              {changeCount > 0 ? `Import ${plural(changeCount, 'change')}` : 'Nothing to import'}
            </Button>
          </>
        }
      >
        {result && <ImportPreview result={result} />}
      </DialogFrame>
    </>
  );
}
