// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { californiaLicence } from '../../../../../test/aamva-fixture';
import { IdScanner } from './id-scanner';

type DecodeCallback = (result: { getText: () => string } | undefined) => void;

/** What the camera does in each test: deny it, or decode these texts one frame at a time. */
const camera = vi.hoisted(() => ({
  denial: null as DOMException | null,
  frames: [] as string[],
  stopped: 0,
}));

vi.mock('@zxing/browser', () => ({
  BrowserPDF417Reader: class {
    async decodeFromConstraints(_constraints: unknown, _video: unknown, onFrame: DecodeCallback) {
      if (camera.denial) throw camera.denial;
      const controls = { stop: () => void camera.stopped++ };
      queueMicrotask(() => {
        for (const text of camera.frames) onFrame({ getText: () => text });
      });
      return controls;
    }
  },
}));

afterEach(() => {
  camera.denial = null;
  camera.frames = [];
  camera.stopped = 0;
});

const person = {
  idNumber: 'Y1234567',
  firstName: 'JAMIE',
  lastName: 'RIVERA',
  dateOfBirth: '1992-01-01',
  expiry: '2029-01-01',
};

describe('the ID scanner', () => {
  it('hands over the first licence it reads, and stops the camera', async () => {
    camera.frames = ['not a licence', californiaLicence(person)];
    const onScan = vi.fn();
    render(<IdScanner onScan={onScan} />);
    await waitFor(() => expect(onScan).toHaveBeenCalledTimes(1));
    expect(onScan.mock.calls[0]?.[0].text).toBe(californiaLicence(person));
    expect(onScan.mock.calls[0]?.[0].id).toMatchObject({
      firstName: 'JAMIE',
      lastName: 'RIVERA',
      dateOfBirth: '1992-01-01',
      expiry: '2029-01-01',
      idNumber: 'Y1234567',
    });
    expect(camera.stopped).toBeGreaterThan(0);
  });

  it('says what is wrong with a barcode that is not a licence, and keeps looking', async () => {
    camera.frames = ['not a licence'];
    const onScan = vi.fn();
    render(<IdScanner onScan={onScan} />);
    expect(
      await screen.findByText(
        'Not an AAMVA driver licence or ID barcode. Try again, or type what the ID says.',
      ),
    ).toBeTruthy();
    expect(onScan).not.toHaveBeenCalled();
    expect(camera.stopped).toBe(0);
  });

  it('offers typing when the camera is blocked or missing', async () => {
    camera.denial = new DOMException('denied', 'NotAllowedError');
    const { unmount } = render(<IdScanner onScan={vi.fn()} />);
    expect(
      await screen.findByText(
        'The camera is blocked. Allow it in the browser’s settings, or type what the ID says.',
      ),
    ).toBeTruthy();
    unmount();

    camera.denial = new DOMException('none', 'NotFoundError');
    render(<IdScanner onScan={vi.fn()} />);
    expect(await screen.findByText('No camera found. Type what the ID says instead.')).toBeTruthy();
  });
});
