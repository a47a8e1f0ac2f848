// The post form's hero image: its address, typed or filled by an upload, with a preview of it.
import { AdminField } from '~/admin/admin-field';
import { IMAGE_TYPES } from './image-upload';
import { managerCopy } from './manager-copy';
import { isWebAddress } from './post-rules';
import type { useImageUploads } from './use-image-uploads';

const copy = managerCopy.form;

export function HeroImageField({
  id,
  value,
  error,
  images,
  onChange,
}: {
  /** The form's id, which the upload's controls are named from. */
  id: string;
  value: string;
  error: string | undefined;
  images: ReturnType<typeof useImageUploads>;
  onChange: (url: string) => void;
}) {
  return (
    <AdminField
      label={
        <>
          {copy.heroImageUrl} <span className="admin-field__optional">{copy.optional}</span>
        </>
      }
      error={error}
      after={
        <>
          <label htmlFor={`${id}-hero-upload`} className="admin-upload__label">
            {copy.images.heroUpload}
          </label>
          <input
            id={`${id}-hero-upload`}
            type="file"
            accept={Object.keys(IMAGE_TYPES).join(',')}
            aria-describedby={`${id}-upload-hint`}
            disabled={images.uploadingHero}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void images.uploadHero(file);
            }}
          />
          <p id={`${id}-upload-hint`} className="admin-field__hint">
            {copy.images.uploadHint}
          </p>
          {images.messages('hero')}
          {isWebAddress(value) && (
            <img className="admin-hero-preview" src={value.trim()} alt={copy.images.heroPreview} />
          )}
        </>
      }
    >
      {(control) => (
        <input
          {...control}
          name="hero_image_url"
          type="url"
          inputMode="url"
          maxLength={2048}
          placeholder="https://example.com/image.jpg"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </AdminField>
  );
}
