import { Modal } from '@web/components/ui/modal';
import { readDocumentPreferenceCookies, rememberAgeVerified } from '@web/lib/preference-cookies';
import { useShownAfterHydration } from '@web/lib/render-env';
import { readStorage, STORAGE_KEYS } from '@web/lib/storage';
import { useLayoutEffect, useState } from 'react';
import { AgeGatePanel, LEAVE_URL, STATIC_AGE_GATE_ID } from './age-gate-panel';

/** Passed in this browser: localStorage says so, or the cookie the static gate's YES sets. */
function isVerified() {
  return (
    readStorage(STORAGE_KEYS.ageVerified) === 'true' || readDocumentPreferenceCookies().ageVerified
  );
}

/**
 * Spec §2.2: the age-verification overlay; YES is remembered permanently. The server cannot
 * know this browser's answer, so a server-rendered page shows the static gate until hydrated.
 */
export function AgeGate() {
  return useShownAfterHydration() ? <AgeGateOverlay /> : null;
}

function AgeGateOverlay() {
  const [verified, setVerified] = useState(isVerified);

  // The server's static gate stands in until this one mounts, in the same commit: no gap.
  useLayoutEffect(() => {
    document.getElementById(STATIC_AGE_GATE_ID)?.remove();
  }, []);

  const confirm = () => {
    rememberAgeVerified();
    setVerified(true);
  };

  return (
    <Modal open={!verified} labelledBy="age-gate-title" variant="full">
      <AgeGatePanel
        titleId="age-gate-title"
        confirm={{ onClick: confirm }}
        leave={{
          onClick: () => {
            window.location.href = LEAVE_URL;
          },
        }}
      />
    </Modal>
  );
}
