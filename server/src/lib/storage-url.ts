/** An S3-compatible bucket, read from `STORAGE_URL=s3://bucket[/prefix]?endpoint=…&region=…`. */
export interface StorageUrl {
  bucket: string;
  /** Keys are stored under it ('' or ending in '/'): one bucket can serve several installs. */
  prefix: string;
  /** Absent: AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** `bucket` in the path rather than the host name: what MinIO, Ceph RGW and s3rver expect. */
  forcePathStyle: boolean;
}

const DEFAULT_REGION = 'us-east-1';
// DNS-style bucket names (the rule every S3-compatible store accepts).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const KNOWN = new Set(['endpoint', 'region', 'forcePathStyle']);

/** The parsed URL, or a pt-BR message saying what is wrong with it. */
export function parseStorageUrl(value: string): StorageUrl | string {
  const usage = 'use s3://bucket?endpoint=http://host:porta&region=…';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `não é um endereço válido (${usage})`;
  }
  if (url.protocol !== 's3:') return `só s3:// é aceito (${usage})`;
  if (url.username || url.password)
    return 'as credenciais vão em AWS_ACCESS_KEY_ID e AWS_SECRET_ACCESS_KEY, não no endereço';
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) return `nome de bucket inválido: "${bucket}"`;
  const unknown = [...url.searchParams.keys()].filter((name) => !KNOWN.has(name));
  if (unknown.length > 0)
    return `parâmetro desconhecido: ${unknown.join(', ')} (aceitos: endpoint, region, forcePathStyle)`;
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol))
      return `endpoint deve ser um endereço http:// ou https:// (${usage})`;
  }
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && !['true', 'false'].includes(pathStyle))
    return 'forcePathStyle deve ser true ou false';
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[a-z0-9][a-z0-9/_.-]*$/i.test(prefix)) return `prefixo inválido: "${prefix}"`;
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: endpoint?.replace(/\/$/, ''),
    region: url.searchParams.get('region') || DEFAULT_REGION,
    // An endpoint of its own is almost always a MinIO-like store that wants path-style requests.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
  };
}
