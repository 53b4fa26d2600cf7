import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as routes from '@nocturne/contracts/routes';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { reasonOr } from '@/lib/notify';
import { useVenueTime } from '@/lib/venue-time';

const KEY = ['two-factor-status'] as const;

/** Staff see their second factors here and remove one (not the last one when their role needs one). */
export function SecondFactorCard() {
  const venueTime = useVenueTime();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: KEY, queryFn: () => api.call(routes.getSecondFactors) });
  const remove = useMutation({
    mutationFn: (id: string) => api.call(routes.removeSecondFactor, { params: { id } }),
    onSuccess: (answer) => toast({ title: 'Second factor removed', description: answer.message }),
    onError: (error) => toast({ title: 'Not removed', description: reasonOr(error, 'Failed to remove it.') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const factors = status.data?.factors ?? [];
  const lastRequired = status.data?.required === true && factors.length === 1;
  return (
    <Card title="Second factor">
      {status.isPending ? <p className="text-sm text-white/75">Loading...</p> : null}
      {status.data && factors.length === 0 ? <p className="text-sm text-white/75">None set up.</p> : null}
      <ul aria-label="Second factors" className="grid gap-2">
        {factors.map((factor) => (
          <li key={factor.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-white/10 bg-night-950/60 p-3">
            <span className="text-white">{factor.kind === 'totp' ? 'Authenticator app' : factor.label}</span>
            <span className="text-xs text-white/70">Added {venueTime.day(factor.createdAt)}</span>
            <Button
              variant="ghost"
              className="ml-auto"
              disabled={lastRequired || remove.isPending}
              title={lastRequired ? 'Your role needs a second factor' : undefined}
              onClick={() => remove.mutate(factor.id)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {status.data ? <p className="mt-3 text-xs text-white/70">Recovery codes left: {status.data.recoveryCodesLeft}</p> : null}
    </Card>
  );
}
