import { isVideoUrl, mediaVariant } from '@shared/media';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { ArrowLeft, ArrowRight, ImagePlus, LoaderCircle, Trash2, Video } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { UPLOAD_ACCEPT, uploadProductMedia } from '../api/upload-media';
import { moveItem } from '../product-form';

/** Product media (spec §2.10, §5 upload): upload with previews, remove, and reorder. */
export function MediaEditor({
  media,
  onChange,
  productName,
}: {
  media: string[];
  onChange: (media: string[]) => void;
  productName: string;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function upload(list: FileList | null) {
    const files = list ? [...list] : [];
    if (files.length === 0) return;
    setUploading(true);
    try {
      const outcome = await uploadProductMedia(files);
      switch (outcome.kind) {
        case 'ok':
          onChange([...media, ...outcome.urls]);
          toast({
            title: 'Upload successful',
            description: `${outcome.urls.length} ${outcome.urls.length === 1 ? 'file' : 'files'} uploaded`,
            variant: 'success',
          });
          break;
        case 'failed':
          toast({ title: 'Upload failed', description: outcome.message, variant: 'destructive' });
          break;
        case 'invalid-response':
          toast({
            title: 'Upload error',
            description: 'Invalid response from server',
            variant: 'destructive',
          });
          break;
        case 'no-urls':
          toast({
            title: 'Upload issue',
            description: 'Files uploaded but no URLs returned',
            variant: 'destructive',
          });
          break;
      }
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  const label = productName.trim() || 'Product';

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          aria-label="Upload media"
          disabled={uploading}
          onChange={(event) => void upload(event.target.files)}
        />
        <Button variant="outline" onClick={() => input.current?.click()} disabled={uploading}>
          {uploading ? (
            <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
          ) : (
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
          )}
          {uploading ? 'Uploading...' : 'Upload images or videos'}
        </Button>
        <p className="text-xs text-muted">
          JPEG, PNG, GIF, WebP, MP4, WebM or QuickTime, up to 10MB each. You can upload up to 5
          files at once.
        </p>
      </div>
      {media.length > 0 && (
        <ul aria-label="Product media" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {media.map((url, index) => (
            <li
              key={`${url}-${index}`}
              className="group relative overflow-hidden rounded-xl border border-line bg-surface-2"
            >
              {isVideoUrl(url) ? (
                <div className="relative aspect-square">
                  <video
                    src={url}
                    muted
                    playsInline
                    preload="metadata"
                    className="h-full w-full object-cover"
                  />
                  <Video
                    aria-hidden="true"
                    className="absolute top-2 left-2 h-4 w-4 text-white drop-shadow"
                  />
                </div>
              ) : (
                <img
                  src={mediaVariant(url, 320)}
                  alt={`${label} media ${index + 1}`}
                  className="aspect-square w-full object-cover"
                />
              )}
              {index === 0 && (
                <span className="absolute top-2 left-2 rounded-full bg-primary px-2 py-0.5 text-[10px] font-bold text-primary-fg uppercase">
                  Cover
                </span>
              )}
              <div className="flex items-center justify-between gap-1 border-t border-line bg-surface p-1">
                <div className="flex gap-1">
                  <button
                    type="button"
                    aria-label={`Move media ${index + 1} earlier`}
                    disabled={index === 0}
                    onClick={() => onChange(moveItem(media, index, -1))}
                    className="grid h-9 w-9 place-items-center rounded-lg hover:bg-surface-2 disabled:opacity-30"
                  >
                    <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Move media ${index + 1} later`}
                    disabled={index === media.length - 1}
                    onClick={() => onChange(moveItem(media, index, 1))}
                    className="grid h-9 w-9 place-items-center rounded-lg hover:bg-surface-2 disabled:opacity-30"
                  >
                    <ArrowRight aria-hidden="true" className="h-4 w-4" />
                  </button>
                </div>
                <button
                  type="button"
                  aria-label={`Remove media ${index + 1}`}
                  onClick={() => onChange(media.filter((_, i) => i !== index))}
                  className="grid h-9 w-9 place-items-center rounded-lg text-danger hover:bg-surface-2"
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
