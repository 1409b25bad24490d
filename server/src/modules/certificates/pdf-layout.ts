import { formatCnpj, SEAL_LEVEL_LABELS, type PublicCertificate } from '@agroselo/contracts';
import QRCode from 'qrcode';
import type { DrawableImage } from './seal-image';
import { brazilianDay } from './status';

/** A rectangle on the page, in points from its top left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

type FontName = 'Helvetica' | 'Helvetica-Bold';

interface Drawn {
  /** For tests and their messages: 'footer', 'row Município value'… */
  name: string;
  /** Where its ink can fall. */
  boxes: Box[];
  /** The element it is drawn on top of, and inside: the header band, the seal. */
  within?: string;
}

export interface TextElement extends Drawn {
  kind: 'text';
  text: string;
  font: FontName;
  size: number;
  color: string;
  /** pdfkit's origin: the top of the first line (accented capitals rise above it). */
  x: number;
  y: number;
  options: PDFKit.Mixins.TextOptions & { width: number };
}

export type LayoutElement =
  | TextElement
  /** A stroked rectangle. */
  | (Drawn & { kind: 'frame'; rect: Box; color: string; lineWidth: number })
  /** A filled one: the header band, the lines between rows. */
  | (Drawn & { kind: 'fill'; rect: Box; color: string })
  | (Drawn & { kind: 'seal'; rect: Box; image: DrawableImage | null })
  | (Drawn & {
      kind: 'qr';
      rect: Box;
      modules: QRCode.BitMatrix;
      /** The side of one module; a reader needs four of them clear on every side. */
      module: number;
    });

export interface CertificateLayout {
  elements: LayoutElement[];
  /** 1 as designed; less when long names had to shrink to keep one page. */
  scale: number;
}

export interface CertificateExtra {
  processDescription: string;
  sealImage: DrawableImage | null;
}

export const GREEN = '#1f5f32';
const LEAF = '#2f7d3b';
export const GOLD = '#b8962e';
const INK = '#1f2d1f';
const MUTED = '#5f6f5f';

/** A4 in points. */
export const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const WIDTH = PAGE.width - 2 * MARGIN;
const GOLD_INSET = 30;
const GOLD_LINE = 0.5;
/** Where the content may go: inside the inner (gold) frame's line. */
const INSIDE = GOLD_INSET + GOLD_LINE / 2;

/** The tallest glyph's rise above a line's top (AFM bbox top minus ascender), per 1000. */
const RISE: Record<FontName, number> = { Helvetica: 931 - 718, 'Helvetica-Bold': 962 - 718 };

const SEAL_TOP = 148;
const QUIET_MODULES = 4;
const FOOTER_Y = PAGE.height - 58;
/** Long names shrink the middle of the page down to this scale, never below these sizes. */
const MIN_SCALE = 0.5;
const MIN = { sealImage: 72, heading: 14, paragraph: 8, label: 8, value: 8.5, qrCode: 96 };

const dateTimeDay = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date(iso));

/** A name as one line of print: a line break or tab typed into it counts as a space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A 14-digit CREA padded from 7 digits reads as the 7 it was given (00.000-00). */
function formatCrea(crea: string): string {
  const digits = crea.replace(/\D/g, '');
  const short = digits.length === 14 && digits.startsWith('0000000') ? digits.slice(7) : digits;
  return short.length === 7 ? `${short.slice(0, 2)}.${short.slice(2, 5)}-${short.slice(5)}` : short;
}

interface TextSpec {
  name: string;
  text: string;
  font: FontName;
  size: number;
  color: string;
  x: number;
  /** The top of its ink (pdfkit's origin is lower by the tallest glyph's rise). */
  top: number;
  options: TextElement['options'];
  within?: string;
}

/** The top of the ink of a text whose pdfkit origin is y. */
const topAt = (y: number, font: FontName, size: number) => y - (RISE[font] / 1000) * size;

type Measure = (spec: TextSpec) => TextElement & { lines: number };

/**
 * Text blocks placed where pdfkit will wrap them, with the box their glyphs can reach. Sizes are
 * kept: the layout tries several scales, and most texts come back at a size already measured.
 */
function measurer(doc: PDFKit.PDFDocument): Measure {
  const sizes = new Map<string, { width: number; height: number; lines: number }>();
  const sizeOf = (spec: TextSpec) => {
    const key = JSON.stringify([spec.text, spec.font, spec.size, spec.options]);
    const known = sizes.get(key);
    if (known) return known;
    doc.font(spec.font).fontSize(spec.size);
    const gap = spec.options.lineGap ?? 0;
    // Measured with no height limit: where the page ends is the layout's concern, not pdfkit's.
    const bounds = doc.boundsOfString(spec.text, 0, 0, { ...spec.options, height: Infinity });
    // Each line takes the font's whole bbox (the line height pdfkit uses) plus the gap.
    const lines = Math.round(bounds.height / (doc.currentLineHeight(true) + gap));
    const size = { width: bounds.width, height: bounds.height - gap, lines };
    sizes.set(key, size);
    return size;
  };
  return (spec) => {
    const { width, height, lines } = sizeOf(spec);
    const free = spec.options.width - width;
    const align = spec.options.align;
    const left =
      align === 'center' ? spec.x + free / 2 : align === 'right' ? spec.x + free : spec.x;
    return {
      kind: 'text',
      name: spec.name,
      text: spec.text,
      font: spec.font,
      size: spec.size,
      color: spec.color,
      x: spec.x,
      y: spec.top + (RISE[spec.font] / 1000) * spec.size,
      options: spec.options,
      boxes: [{ x: left, y: spec.top, width, height }],
      lines,
      ...(spec.within ? { within: spec.within } : {}),
    };
  };
}

const bottomOf = (element: { boxes: Box[] }) =>
  Math.max(...element.boxes.map((box) => box.y + box.height));

/** A stroked rectangle: four strips as wide as its line, centred on its edges. */
function frame(name: string, inset: number, lineWidth: number, color: string): LayoutElement {
  const rect = {
    x: inset,
    y: inset,
    width: PAGE.width - 2 * inset,
    height: PAGE.height - 2 * inset,
  };
  const half = lineWidth / 2;
  const right = rect.x + rect.width;
  const bottom = rect.y + rect.height;
  return {
    kind: 'frame',
    name,
    rect,
    color,
    lineWidth,
    boxes: [
      { x: rect.x - half, y: rect.y - half, width: rect.width + lineWidth, height: lineWidth },
      { x: rect.x - half, y: bottom - half, width: rect.width + lineWidth, height: lineWidth },
      { x: rect.x - half, y: rect.y - half, width: lineWidth, height: rect.height + lineWidth },
      { x: right - half, y: rect.y - half, width: lineWidth, height: rect.height + lineWidth },
    ],
  };
}

function rule(name: string, y: number): LayoutElement {
  const rect = { x: MARGIN, y: y - 0.25, width: WIDTH, height: 0.5 };
  return { kind: 'fill', name, rect, color: '#d5e2d5', boxes: [rect] };
}

/** The header, title and frames: the same on every certificate. */
function fixedTop(measure: Measure, number: string): LayoutElement[] {
  // The band meets the gold line without covering it.
  const band = {
    x: INSIDE,
    y: INSIDE,
    width: PAGE.width - 2 * INSIDE,
    height: 94 - INSIDE,
  };
  const header = (spec: Omit<TextSpec, 'x' | 'within' | 'options'> & { align: 'left' | 'right' }) =>
    measure({
      ...spec,
      x: MARGIN,
      within: 'band',
      options: { width: WIDTH, align: spec.align },
    });
  return [
    frame('frame', 24, 1.5, GREEN),
    frame('inner frame', GOLD_INSET, GOLD_LINE, GOLD),
    { kind: 'fill', name: 'band', rect: band, color: GREEN, boxes: [band] },
    header({
      name: 'brand',
      text: 'AgroSelo',
      font: 'Helvetica-Bold',
      size: 22,
      color: '#ffffff',
      top: topAt(46, 'Helvetica-Bold', 22),
      align: 'left',
    }),
    header({
      name: 'slogan',
      text: 'Conectando o campo à tecnologia',
      font: 'Helvetica',
      size: 10,
      color: '#dfeee0',
      top: topAt(72, 'Helvetica', 10),
      align: 'left',
    }),
    header({
      name: 'number',
      text: `Nº ${number}`,
      font: 'Helvetica-Bold',
      size: 10,
      color: '#ffffff',
      top: topAt(52, 'Helvetica-Bold', 10),
      align: 'right',
    }),
    measure({
      name: 'title',
      text: 'CERTIFICADO DE SELO DE QUALIDADE',
      font: 'Helvetica-Bold',
      size: 13,
      color: LEAF,
      x: MARGIN,
      top: topAt(120, 'Helvetica-Bold', 13),
      options: { width: WIDTH, align: 'center', characterSpacing: 2 },
    }),
  ];
}

/**
 * The verification block from the footer up: the QR code with its quiet zone, the text beside it,
 * and the footer line below both.
 */
function bottom(measure: Measure, url: string, qrSize: number) {
  const footer = measure({
    name: 'footer',
    text:
      'Documento emitido eletronicamente pelo AgroSelo. A validade deste certificado é a da ' +
      'página de verificação.',
    font: 'Helvetica',
    size: 8.5,
    color: MUTED,
    x: MARGIN,
    top: FOOTER_Y,
    options: { width: WIDTH, align: 'center' },
  });
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const module = qrSize / modules.size;
  const quiet = QUIET_MODULES * module;
  const columnX = MARGIN + qrSize + Math.max(20, quiet);
  const columnWidth = MARGIN + WIDTH - columnX;

  // The column first at the top of the block, to learn its height; the block sits on the footer.
  const column = (top: number) => {
    const title = measure({
      name: 'verification title',
      text: 'Confira a autenticidade',
      font: 'Helvetica-Bold',
      size: 12,
      color: GREEN,
      x: columnX,
      top,
      options: { width: columnWidth },
    });
    const how = measure({
      name: 'verification text',
      text:
        'Aponte a câmera do celular para o código ao lado ou acesse o endereço abaixo. A página ' +
        'mostra se este certificado é autêntico e se está válido hoje.',
      font: 'Helvetica',
      size: 10,
      color: INK,
      x: columnX,
      top: bottomOf(title) + 4,
      options: { width: columnWidth, lineGap: 1.5 },
    });
    const link = measure({
      name: 'verification address',
      text: url,
      font: 'Helvetica-Bold',
      size: 10,
      color: LEAF,
      x: columnX,
      top: bottomOf(how) + 4,
      options: { width: columnWidth, link: url, underline: true },
    });
    return [title, how, link];
  };
  const footerTop = footer.boxes[0]!.y;
  const blockBottom = footerTop - 4 - quiet;
  const columnHeight = bottomOf(column(0).at(-1)!) + 3;
  const qrTop = blockBottom - Math.max(qrSize, columnHeight);
  const rect = { x: MARGIN, y: qrTop, width: qrSize, height: qrSize };
  const qr: LayoutElement = { kind: 'qr', name: 'qr code', rect, modules, module, boxes: [rect] };
  return { elements: [qr, ...column(qrTop + 3), footer], top: qrTop - quiet };
}

/** How many characters of the process description, and of each name, the statement quotes. */
interface StatementCuts {
  description: number;
  names: number;
}

/** The seal, its name, the statement and the table of data, at a scale of the designed sizes. */
function middle(
  measure: Measure,
  certificate: PublicCertificate,
  extra: CertificateExtra,
  scale: number,
  statement: StatementCuts,
): { elements: LayoutElement[]; bottom: number } {
  const elements: LayoutElement[] = [];
  const sealName = oneLine(certificate.seal.name);
  const description = oneLine(extra.processDescription);
  const size = (designed: number, least: number) => Math.max(designed * scale, least);

  const side = size(150, MIN.sealImage);
  const seal = { x: (PAGE.width - side) / 2, y: SEAL_TOP, width: side, height: side };
  elements.push({ kind: 'seal', name: 'seal', rect: seal, image: extra.sealImage, boxes: [seal] });
  if (!extra.sealImage) elements.push(emblemName(measure, sealName, seal));

  // The seal's name on at most two lines while it can shrink, then on as many as it needs.
  const heading = (fontSize: number) =>
    measure({
      name: 'seal name',
      text: sealName,
      font: 'Helvetica-Bold',
      size: fontSize,
      color: INK,
      x: MARGIN,
      top: seal.y + seal.height + 10 * scale,
      options: { width: WIDTH, align: 'center' },
    });
  let name = heading(size(24, MIN.heading));
  while (name.lines > 2 && name.size > MIN.heading)
    name = heading(Math.max(name.size - 1, MIN.heading));
  elements.push(name);

  const property = certificate.property;
  const businessName = oneLine(property.business_name);
  const municipality = oneLine(property.municipality);
  const cut = (text: string) => shortened(text, statement.names);
  const sentence = measure({
    name: 'statement',
    text:
      `Certificamos que a propriedade ${cut(businessName)}, inscrita no CNPJ ` +
      `${formatCnpj(property.cnpj)}, no município de ${cut(municipality)}, ` +
      `cumpriu os requisitos do processo de certificação “${shortened(description, statement.description)}” e está ` +
      `autorizada a usar o selo ${cut(sealName)} durante a validade abaixo.`,
    font: 'Helvetica',
    size: size(11.5, MIN.paragraph),
    color: INK,
    x: MARGIN,
    top: bottomOf(name) + 20 * scale,
    options: { width: WIDTH, align: 'center', lineGap: 2 * scale },
  });
  elements.push(sentence);

  // The data a buyer checks, as label and value.
  const issuer = certificate.issued_by;
  const rows: [string, string][] = [
    ['Propriedade', businessName],
    ['CNPJ', formatCnpj(property.cnpj)],
    ['Município', municipality],
    ['Safra', certificate.safra],
    ...(certificate.level
      ? [['Nível', SEAL_LEVEL_LABELS[certificate.level]] as [string, string]]
      : []),
    [
      'Validade',
      `de ${brazilianDay(certificate.valid_from)} a ${brazilianDay(certificate.valid_until)}`,
    ],
    ['Emitido em', dateTimeDay(certificate.issued_at)],
    [
      'Técnico responsável',
      issuer
        ? oneLine(issuer.name) + (issuer.crea ? ` — CREA ${formatCrea(issuer.crea)}` : '')
        : 'Não informado',
    ],
    ['Número do certificado', certificate.number],
  ];
  const labelWidth = size(150, 120);
  let line = bottomOf(sentence) + 18 * scale;
  for (const [label, value] of rows) {
    elements.push(rule(`rule above ${label}`, line));
    const top = line + 3.5 * scale;
    const cells = [
      measure({
        name: `row ${label} label`,
        text: label,
        font: 'Helvetica',
        size: size(10, MIN.label),
        color: MUTED,
        x: MARGIN,
        top,
        options: { width: labelWidth - 8 },
      }),
      measure({
        name: `row ${label} value`,
        text: value,
        font: 'Helvetica-Bold',
        size: size(11, MIN.value),
        color: INK,
        x: MARGIN + labelWidth,
        top,
        options: { width: WIDTH - labelWidth },
      }),
    ];
    elements.push(...cells);
    line = Math.max(...cells.map(bottomOf)) + 8.5 * scale;
  }
  return { elements, bottom: line - 8.5 * scale };
}

/** A seal without an image is an emblem with its name inside the inner ring (pdf.ts). */
function emblemName(measure: Measure, name: string, seal: Box): TextElement {
  // The square inside the ring's inner edge (radius less 8, less half its 2-pt line), less 3.
  const side = (seal.width / 2 - 12) * Math.SQRT2;
  const at = (text: string, size: number) =>
    measure({
      name: 'emblem name',
      text,
      font: 'Helvetica-Bold',
      size,
      color: '#f6ecc4',
      x: seal.x + (seal.width - side) / 2,
      top: seal.y + (seal.height - side) / 2,
      options: { width: side, align: 'center' },
      within: 'seal',
    });
  const fits = (element: TextElement) => element.boxes[0]!.height <= side;
  const upper = name.toUpperCase();
  for (let size = 14; size >= 6; size -= 0.5) {
    const element = at(upper, size);
    if (fits(element)) return centredVertically(element, side);
  }
  // The full name is printed below the emblem; inside it, what fits.
  const length = longestFitting(upper.length, (n) => fits(at(shortened(upper, n), 6)));
  return centredVertically(at(shortened(upper, length), 6), side);
}

function centredVertically(element: TextElement, side: number): TextElement {
  const box = element.boxes[0]!;
  const shift = (side - box.height) / 2;
  return { ...element, y: element.y + shift, boxes: [{ ...box, y: box.y + shift }] };
}

const shortened = (text: string, length: number) =>
  length >= text.length ? text : `${text.slice(0, length).trimEnd()}…`;

/**
 * The largest n in [0, max] for which fits(n) holds, fits being monotonic (0 when none does:
 * fits(0) is left to the caller). Probes `guess` and its neighbour first, then halves.
 */
function longestFitting(max: number, fits: (n: number) => boolean, guess = max / 2): number {
  let [low, high] = [0, max];
  let probe: number | undefined = Math.round(guess);
  let guessing = true;
  while (low < high) {
    const mid = Math.min(Math.max(probe ?? Math.ceil((low + high) / 2), low + 1), high);
    const fit = fits(mid);
    if (fit) low = mid;
    else high = mid - 1;
    probe = guessing ? mid + (fit ? 1 : -1) : undefined;
    guessing = false;
  }
  return low;
}

/**
 * Where everything on the certificate goes, measured before anything is drawn: the header is
 * fixed and the verification block sits on the footer; between them the seal, its name, the
 * statement and the table of data. All but the header shrink together, as little as needed and
 * never below MIN, to keep one page. If that is not enough, the statement quotes the process
 * description, then the names, shortened with an ellipsis: the seal's name above it and the table
 * below always print them in full. `doc` is only measured with.
 */
export function layoutCertificate(
  doc: PDFKit.PDFDocument,
  certificate: PublicCertificate,
  extra: CertificateExtra,
): CertificateLayout {
  const measure = measurer(doc);
  const attempts = new Map<
    string,
    { elements: LayoutElement[]; overflow: number; height: number }
  >();
  const at = (scale: number, cuts: StatementCuts = { description: Infinity, names: Infinity }) => {
    const key = `${scale} ${cuts.description} ${cuts.names}`;
    let attempt = attempts.get(key);
    if (!attempt) {
      const foot = bottom(measure, certificate.verification_url, Math.max(112 * scale, MIN.qrCode));
      const part = middle(measure, certificate, extra, scale, cuts);
      attempt = {
        elements: [...fixedTop(measure, certificate.number), ...part.elements, ...foot.elements],
        overflow: part.bottom - (foot.top - 6),
        height: part.bottom - SEAL_TOP,
      };
      attempts.set(key, attempt);
    }
    return attempt;
  };
  const fits = (scale: number, cuts?: StatementCuts) => at(scale, cuts).overflow <= 0;

  const designed = at(1);
  if (designed.overflow <= 0) return { elements: designed.elements, scale: 1 };
  // In hundredths above MIN_SCALE; most of the middle scales, so the share that fits is near.
  const guess = Math.floor(100 * (1 - designed.overflow / designed.height - MIN_SCALE));
  const scale =
    MIN_SCALE + longestFitting(99 - 100 * MIN_SCALE, (n) => fits(MIN_SCALE + n / 100), guess) / 100;
  if (fits(scale)) return { elements: at(scale).elements, scale };

  const quoting = (description: number, names = Infinity) => ({ description, names });
  const description = longestFitting(extra.processDescription.length, (n) =>
    fits(scale, quoting(n)),
  );
  const { property, seal } = certificate;
  const longestName = Math.max(
    property.business_name.length,
    property.municipality.length,
    seal.name.length,
  );
  const names = fits(scale, quoting(description))
    ? Infinity
    : longestFitting(longestName, (n) => fits(scale, quoting(0, n)));
  return { elements: at(scale, quoting(description, names)).elements, scale };
}
