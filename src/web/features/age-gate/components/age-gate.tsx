import { AGE_THRESHOLD } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { readStorage, STORAGE_KEYS, writeStorage } from '@web/lib/storage';
import { Leaf } from 'lucide-react';
import { useState } from 'react';

const LEAVE_URL = 'https://www.google.com';

function isVerified() {
  return readStorage(STORAGE_KEYS.ageVerified) === 'true';
}

/** Spec §2.2: the age-verification overlay; YES is remembered permanently. */
export function AgeGate() {
  const [verified, setVerified] = useState(isVerified);

  const confirm = () => {
    writeStorage(STORAGE_KEYS.ageVerified, 'true');
    setVerified(true);
  };

  return (
    <Modal open={!verified} labelledBy="age-gate-title" variant="full">
      <div className="grid h-full w-full place-items-center bg-bg/95 p-6">
        <div className="w-full max-w-sm rounded-3xl border border-line bg-surface p-8 text-center shadow-2xl">
          <div className="mx-auto mb-5 grid h-16 w-16 place-items-center rounded-2xl bg-primary text-primary-fg">
            <Leaf aria-hidden="true" className="h-8 w-8" />
          </div>
          <h2 id="age-gate-title" className="text-2xl font-bold">
            Are you {AGE_THRESHOLD} or older?
          </h2>
          <p className="mt-2 text-sm text-muted">You must be of legal age to enter this site.</p>
          <div className="mt-8 flex flex-col gap-3">
            <Button size="lg" onClick={confirm} data-autofocus>
              YES, I'M {AGE_THRESHOLD}+
            </Button>
            <Button
              size="lg"
              variant="outline"
              onClick={() => {
                window.location.href = LEAVE_URL;
              }}
            >
              NO, I'M UNDER {AGE_THRESHOLD}
            </Button>
          </div>
        </div>
      </div>
    </Modal>
  );
}
