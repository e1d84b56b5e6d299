import type { ComplianceSettingsFields, OrderLimitsFields } from '@shared/schemas/settings';
import type { DeliveryZone, DeliveryZoneFields } from '@shared/schemas/zones';
import type { DealerSettings } from '@web/api/get-dealer-settings';
import { apiFetch, sendJson } from '@web/lib/api-client';

/** The owner's dealer settings: the compliance section's, or the order limits. */
export function saveDealerSettings(
  body: ComplianceSettingsFields | OrderLimitsFields,
): Promise<DealerSettings> {
  return sendJson<DealerSettings>('PATCH', '/api/dealer-settings', body);
}

export function saveDeliveryZone(body: DeliveryZoneFields, id?: number): Promise<DeliveryZone> {
  return sendJson<DeliveryZone>(
    id ? 'PATCH' : 'POST',
    id ? `/api/delivery-zones/${id}` : '/api/delivery-zones',
    body,
  );
}

export function deleteDeliveryZone(id: number): Promise<void> {
  return apiFetch<void>(`/api/delivery-zones/${id}`, { method: 'DELETE' });
}
