import type { PublicCertificate } from '@agroselo/contracts';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import {
  GOLD,
  GREEN,
  layoutCertificate,
  type CertificateExtra,
  type LayoutElement,
} from './pdf-layout';

/** The QR code as vector squares: sharp at any zoom or print size. */
function drawQrCode(doc: PDFKit.PDFDocument, qr: Extract<LayoutElement, { kind: 'qr' }>) {
  const { modules, module, rect } = qr;
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1)
      if (modules.get(row, column))
        doc.rect(rect.x + column * module, rect.y + row * module, module + 0.05, module + 0.05);
  doc.fill().restore();
}

/** The seal, or, when it has no image, a plain emblem (its name is a text of the layout). */
function drawSeal(doc: PDFKit.PDFDocument, seal: Extract<LayoutElement, { kind: 'seal' }>) {
  const { image, rect } = seal;
  if (image?.kind === 'svg') {
    SVGtoPDF(doc, image.svg, rect.x, rect.y, {
      width: rect.width,
      height: rect.height,
      preserveAspectRatio: 'xMidYMid meet',
      // Only images inside the SVG itself: a link to a file or a URL is never followed.
      imageCallback: (link) => (link.trim().startsWith('data:') ? link.replace(/\s+/g, '') : ''),
      warningCallback: () => undefined,
    });
    return;
  }
  if (image?.kind === 'raster') {
    doc.image(image.data, rect.x, rect.y, {
      fit: [rect.width, rect.height],
      align: 'center',
      valign: 'center',
    });
    return;
  }
  const center = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  doc.save();
  doc.circle(center.x, center.y, rect.width / 2).fill(GREEN);
  doc
    .circle(center.x, center.y, rect.width / 2 - 8)
    .lineWidth(2)
    .stroke(GOLD);
  doc.restore();
}

function draw(doc: PDFKit.PDFDocument, element: LayoutElement) {
  switch (element.kind) {
    case 'text':
      doc
        .font(element.font)
        .fontSize(element.size)
        .fillColor(element.color)
        .text(element.text, element.x, element.y, element.options);
      return;
    case 'frame': {
      const { x, y, width, height } = element.rect;
      doc.rect(x, y, width, height).lineWidth(element.lineWidth).stroke(element.color);
      return;
    }
    case 'fill': {
      const { x, y, width, height } = element.rect;
      doc.rect(x, y, width, height).fill(element.color);
      return;
    }
    case 'seal':
      drawSeal(doc, element);
      return;
    case 'qr':
      drawQrCode(doc, element);
  }
}

/**
 * The certificate as an A4 PDF in pt-BR: the seal and its image, the property, the validity,
 * who issued it and when, and a QR code to the public verification page (PUBLIC_URL). Laid out
 * first (pdf-layout.ts), then drawn as laid out.
 */
export async function renderCertificatePdf(
  certificate: PublicCertificate,
  extra: CertificateExtra,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    // Every position is the layout's: no margin may move a text or open a second page.
    margins: { top: 0, left: 0, right: 0, bottom: 0 },
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
  for (const element of layoutCertificate(doc, certificate, extra).elements) draw(doc, element);
  doc.end();
  return done;
}
