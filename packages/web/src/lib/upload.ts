import type { Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from './http.ts';

/** The one file of an upload call, as multipart form. */
export const formOf = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** An antd Upload's request: uploads a picked file at once (its bytes decide its type); a refused one stays listed with the server's reason. */
export function useUploader(upload: (file: File) => Promise<{ id: number }>) {
  const { t } = useTranslation();
  return ({ file, onSuccess, onError }: Parameters<NonNullable<Parameters<typeof Upload>[0]['customRequest']>>[0]) => {
    upload(file as File)
      .then((uploaded) => onSuccess?.(uploaded))
      .catch((error: unknown) => {
        const reason = error instanceof ApiError && error.issues[0] ? t(error.issues[0].message) : t('common.networkError');
        onError?.(new Error(reason));
      });
  };
}
