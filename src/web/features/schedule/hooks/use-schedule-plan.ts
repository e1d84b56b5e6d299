import type { SchedulePlan } from '@shared/availability';
import { type ToastInput, toast } from '@web/components/ui/toast';
import { useState } from 'react';
import { createSlot, deleteSlot, PlanStepError, useSlotCache } from '../api/schedule-api';

/**
 * Runs a day-schedule plan (spec §4): creations first (the override marker
 * leads), then deletions, then the success toast. A 404/409 means the slot
 * list changed elsewhere: the data is refreshed and the dealer asked to retry.
 */
export function useSchedulePlan() {
  const cache = useSlotCache();
  const [busy, setBusy] = useState(false);

  async function run(plan: SchedulePlan, success: ToastInput): Promise<void> {
    setBusy(true);
    try {
      for (const creation of plan.create) {
        try {
          cache.add(await createSlot(creation));
        } catch (error) {
          throw new PlanStepError('create', error);
        }
      }
      for (const id of plan.delete) {
        try {
          await deleteSlot(id);
          cache.remove(id);
        } catch (error) {
          throw new PlanStepError('delete', error);
        }
      }
      toast(success);
    } catch (error) {
      const step = error instanceof PlanStepError ? error : new PlanStepError('create', error);
      if (step.outOfSync) {
        toast({
          title: 'Schedule data may be out of sync',
          description: 'Refreshing schedule data...',
        });
        try {
          await cache.refetch();
          toast({ title: 'Data refreshed', description: 'Please try again' });
        } catch {
          toast({
            title: 'Error',
            description: 'Could not refresh schedule data. Please try again later.',
            variant: 'destructive',
          });
        }
      } else {
        toast({
          title: 'Error',
          description:
            step.step === 'delete'
              ? 'Failed to delete slot. Please try again.'
              : 'Failed to add schedule slot. Please try again.',
          variant: 'destructive',
        });
        void cache.refetch().catch(() => undefined);
      }
    } finally {
      setBusy(false);
    }
  }

  return { run, busy };
}
