import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

describe('STORAGE_URL', () => {
  it('is unset by default: files stay in DATA_DIR/uploads', () => {
    expect(loadConfig({}).STORAGE_URL).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: '' }).STORAGE_URL).toBeUndefined();
  });

  it('reads a MinIO-like endpoint, its region and path-style requests', () => {
    expect(
      loadConfig({
        STORAGE_URL: 's3://agroselo-arquivos?endpoint=http://minio:9000/&region=sa-east-1',
      }).STORAGE_URL,
    ).toEqual({
      bucket: 'agroselo-arquivos',
      prefix: '',
      endpoint: 'http://minio:9000',
      region: 'sa-east-1',
      forcePathStyle: true,
    });
  });

  it('defaults to AWS itself: us-east-1, virtual-hosted requests; a path is a key prefix', () => {
    expect(loadConfig({ STORAGE_URL: 's3://meu-bucket/agroselo/prod/' }).STORAGE_URL).toEqual({
      bucket: 'meu-bucket',
      prefix: 'agroselo/prod/',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        STORAGE_URL: 's3://b12?endpoint=https://r2.example.com&forcePathStyle=false',
      }).STORAGE_URL?.forcePathStyle,
    ).toBe(false);
  });

  it.each([
    ['not a URL', 'bucket', /STORAGE_URL: não é um endereço válido/],
    ['another scheme', 'https://bucket.example.com', /STORAGE_URL: só s3:\/\/ é aceito/],
    ['keys in the URL', 's3://key:secret@bucket', /STORAGE_URL: as credenciais vão em/],
    ['a bad bucket name', 's3://Bucket_Errado', /STORAGE_URL: nome de bucket inválido/],
    ['an unknown parameter', 's3://bucket?endpont=http://x', /STORAGE_URL: parâmetro desconhecido/],
    ['an endpoint that is no URL', 's3://bucket?endpoint=minio:9000x', /STORAGE_URL: endpoint/],
    ['an ftp endpoint', 's3://bucket?endpoint=ftp://minio', /STORAGE_URL: endpoint/],
    ['a bad forcePathStyle', 's3://bucket?forcePathStyle=sim', /STORAGE_URL: forcePathStyle/],
  ])('stops the start naming STORAGE_URL on %s', (_case, value, message) => {
    expect(() => loadConfig({ STORAGE_URL: value })).toThrow(message);
  });

  it('wants both AWS keys or neither', () => {
    expect(() => loadConfig({ AWS_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID e AWS_SECRET_ACCESS_KEY vão juntos/,
    );
    expect(loadConfig({ AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b' })).toMatchObject({
      AWS_ACCESS_KEY_ID: 'a',
      AWS_SECRET_ACCESS_KEY: 'b',
    });
  });
});
