import { formatCnpj, SEAL_LEVEL_LABELS, type PublicCertificate } from '@agroselo/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import SVGtoPDF from 'svg-to-pdfkit';
import type { DrawableImage } from './seal-image';
import { brazilianDay } from './status';

const GREEN = '#1f5f32';
const LEAF = '#2f7d3b';
const GOLD = '#b8962e';
const INK = '#1f2d1f';
const MUTED = '#5f6f5f';

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;

const dateTimeDay = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date(iso));

/** A 14-digit CREA padded from 7 digits reads as the 7 it was given (00.000-00). */
function formatCrea(crea: string): string {
  const digits = crea.replace(/\D/g, '');
  const short = digits.length === 14 && digits.startsWith('0000000') ? digits.slice(7) : digits;
  return short.length === 7 ? `${short.slice(0, 2)}.${short.slice(2, 5)}-${short.slice(5)}` : short;
}

/** The QR code as vector squares: sharp at any zoom or print size. */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1)
      if (modules.get(row, column))
        doc.rect(x + column * cell, y + row * cell, cell + 0.05, cell + 0.05);
  doc.fill().restore();
}

/** The seal, or, when it has no image, a plain emblem with its name, never an empty space. */
function drawSeal(
  doc: PDFKit.PDFDocument,
  image: DrawableImage | null,
  name: string,
  x: number,
  y: number,
  size: number,
) {
  if (image?.kind === 'svg') {
    SVGtoPDF(doc, image.svg, x, y, {
      width: size,
      height: size,
      preserveAspectRatio: 'xMidYMid meet',
      // Only images inside the SVG itself: a link to a file or a URL is never followed.
      imageCallback: (link) => (link.trim().startsWith('data:') ? link.replace(/\s+/g, '') : ''),
      warningCallback: () => undefined,
    });
    return;
  }
  if (image?.kind === 'raster') {
    doc.image(image.data, x, y, { fit: [size, size], align: 'center', valign: 'center' });
    return;
  }
  const center = { x: x + size / 2, y: y + size / 2 };
  doc.save();
  doc.circle(center.x, center.y, size / 2).fill(GREEN);
  doc
    .circle(center.x, center.y, size / 2 - 8)
    .lineWidth(2)
    .stroke(GOLD);
  doc
    .fillColor('#f6ecc4')
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(name.toUpperCase(), x + 20, center.y - 20, { width: size - 40, align: 'center' });
  doc.restore();
}

/**
 * The certificate as an A4 PDF in pt-BR: the seal and its image, the property, the validity,
 * who issued it and when, and a QR code to the public verification page (PUBLIC_URL).
 */
export async function renderCertificatePdf(
  certificate: PublicCertificate,
  extra: { processDescription: string; sealImage: DrawableImage | null },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    // The footer sits below the usual bottom margin; text past it would open a second page.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 24 },
    lang: 'pt-BR',
    displayTitle: true,
    info: {
      Title: `Certificado ${certificate.number} — ${certificate.seal.name}`,
      Author: 'AgroSelo',
      Subject: `Selo ${certificate.seal.name} — ${certificate.property.business_name}`,
      Keywords: `AgroSelo, certificado, ${certificate.number}`,
      CreationDate: new Date(certificate.issued_at),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = PAGE.width - 2 * MARGIN;

  // Frame and header band.
  doc
    .rect(24, 24, PAGE.width - 48, PAGE.height - 48)
    .lineWidth(1.5)
    .stroke(GREEN);
  doc
    .rect(30, 30, PAGE.width - 60, PAGE.height - 60)
    .lineWidth(0.5)
    .stroke(GOLD);
  doc.rect(30, 30, PAGE.width - 60, 64).fill(GREEN);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(22)
    .text('AgroSelo', MARGIN, 46, { width, align: 'left' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#dfeee0')
    .text('Conectando o campo à tecnologia', MARGIN, 72, { width, align: 'left' });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#ffffff')
    .text(`Nº ${certificate.number}`, MARGIN, 52, { width, align: 'right' });

  doc
    .fillColor(LEAF)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text('CERTIFICADO DE SELO DE QUALIDADE', MARGIN, 120, {
      width,
      align: 'center',
      characterSpacing: 2,
    });

  const sealSize = 150;
  drawSeal(doc, extra.sealImage, certificate.seal.name, (PAGE.width - sealSize) / 2, 148, sealSize);

  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(24)
    .text(certificate.seal.name, MARGIN, 314, { width, align: 'center' });

  const property = certificate.property;
  doc
    .moveDown(0.6)
    .font('Helvetica')
    .fontSize(11.5)
    .fillColor(INK)
    .text(
      `Certificamos que a propriedade ${property.business_name}, inscrita no CNPJ ` +
        `${formatCnpj(property.cnpj)}, no município de ${property.municipality}, ` +
        `cumpriu os requisitos do processo de certificação “${extra.processDescription}” e está ` +
        `autorizada a usar o selo ${certificate.seal.name} durante a validade abaixo.`,
      { width, align: 'center', lineGap: 2 },
    );

  // The data a buyer checks, as label and value.
  const rows: [string, string][] = [
    ['Propriedade', property.business_name],
    ['CNPJ', formatCnpj(property.cnpj)],
    ['Município', property.municipality],
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
      certificate.issued_by
        ? certificate.issued_by.name +
          (certificate.issued_by.crea ? ` — CREA ${formatCrea(certificate.issued_by.crea)}` : '')
        : 'Não informado',
    ],
    ['Número do certificado', certificate.number],
  ];
  let y = Math.max(doc.y + 22, 440);
  const labelWidth = 150;
  for (const [label, value] of rows) {
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + width, y - 6)
      .lineWidth(0.5)
      .stroke('#d5e2d5');
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(label, MARGIN, y, { width: labelWidth });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(value, MARGIN + labelWidth, y, { width: width - labelWidth });
    y = Math.max(doc.y, y + 14) + 12;
  }

  // Verification: the QR code and the address it holds.
  const qrSize = 112;
  const qrY = Math.max(y + 16, PAGE.height - 60 - qrSize - 40);
  drawQrCode(doc, certificate.verification_url, MARGIN, qrY, qrSize);
  const textX = MARGIN + qrSize + 20;
  const textWidth = width - qrSize - 20;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(GREEN)
    .text('Confira a autenticidade', textX, qrY + 6, { width: textWidth });
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(
      'Aponte a câmera do celular para o código ao lado ou acesse o endereço abaixo. A página ' +
        'mostra se este certificado é autêntico e se está válido hoje.',
      { width: textWidth, lineGap: 1.5 },
    );
  doc
    .moveDown(0.4)
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(LEAF)
    .text(certificate.verification_url, {
      width: textWidth,
      link: certificate.verification_url,
      underline: true,
    });

  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      'Documento emitido eletronicamente pelo AgroSelo. A validade deste certificado é a da ' +
        'página de verificação.',
      MARGIN,
      PAGE.height - 62,
      { width, align: 'center' },
    );

  doc.end();
  return done;
}
