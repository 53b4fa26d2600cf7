import { useMutation } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

const exportMyData = () => api.call(routes.exportMyData);

/** Fetches the member's data (with their bearer token) and hands it to the browser as a file. */
async function downloadMyData(): Promise<void> {
  const data = await exportMyData();
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'nocturne-my-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export const useDownloadMyData = () => useMutation({ mutationFn: downloadMyData });

const deleteMyAccount = (password: string) => api.call(routes.deleteMyAccount, { body: { password } });

export const useDeleteMyAccount = () => useMutation({ mutationFn: deleteMyAccount });
