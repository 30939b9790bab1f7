import { Image, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePhotoUrl } from '../api/photos.ts';

function Photo({ id, n }: { id: number; n: number }) {
  const { t } = useTranslation();
  const url = usePhotoUrl(id);
  if (!url) return <Skeleton.Image active style={{ width: 96, height: 96 }} />;
  return <Image src={url} width={96} height={96} style={{ objectFit: 'cover' }} alt={t('workOrder.photoAlt', { n })} />;
}

/** The photos of an entry, small; a click shows them large. */
export function Photos({ ids }: { ids: number[] }) {
  if (ids.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 8 }}>
        {ids.map((id, index) => (
          <Photo key={id} id={id} n={index + 1} />
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
