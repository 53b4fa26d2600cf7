import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { reasonOr, toastError } from '@/lib/notify';

/**
 * "Export CSV": asks the api for the file (`download`, e.g. `api.download(routes.exportMembers)`)
 * and saves it under the name the api gives; "Exporting..." meanwhile, and `failure` in a toast
 * (with the api's reason when it gave one).
 */
export function ExportCsvButton({
  download,
  failure,
}: {
  download: () => Promise<{ blob: Blob; filename: string }>;
  failure: string;
}) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await download();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = filename;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      toastError(reasonOr(error, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void save()} disabled={busy}>
      {busy ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
