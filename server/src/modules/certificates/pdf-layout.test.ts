import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  FirstNameSchema,
  LastNameSchema,
  ProcessFieldsSchema,
  PropertyBodySchema,
  SetTechnicianBodySchema,
  type PublicCertificate,
} from '@agroselo/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { longestAccepted, openPdf } from '../../../test/support/certificate-pdf';
import { serverAssets } from '../../paths';
import { renderCertificatePdf } from './pdf';
import {
  layoutCertificate,
  PAGE,
  type Box,
  type CertificateExtra,
  type LayoutElement,
} from './pdf-layout';
import type { DrawableImage } from './seal-image';

const DEMO: PublicCertificate = {
  number: 'AGS-7K3M-Q9TZ',
  status: 'valid',
  valid_from: '2025-08-01',
  valid_until: '2026-07-31',
  issued_at: '2025-09-10T14:00:00.000Z',
  level: 'ouro',
  standing: null,
  safra: '2025/26',
  property: {
    business_name: 'Agropecuária Coxilha Verde',
    cnpj: '61503827000102',
    municipality: 'São Lourenço do Sul',
  },
  seal: {
    name: 'Arroz de Qualidade Superior',
    description: 'Reconhece lotes de arroz com padrão de qualidade superior.',
    image_url: null,
    process_id: '0190d1c2-7a4e-7c3b-9d2f-5e6a7b8c9d0e',
  },
  issued_by: { name: 'Rafael Dutra Pereira', crea: '00000001827364' },
  verification_url: 'https://agroselo.exemplo.br/verificar/AGS-7K3M-Q9TZ',
  pdf_url: 'https://agroselo.exemplo.br/api/certificate/AGS-7K3M-Q9TZ/pdf',
};
const DEMO_DESCRIPTION = 'Certificação Arroz de Qualidade Superior — safra 2025/26';

/**
 * Glyphs that take the most room: wide capitals, accented capitals (taller), long words, and the
 * widest glyphs Helvetica has (an em each).
 */
const PATTERNS = {
  'one unbreakable word of W': 'W',
  'one unbreakable word of M': 'M',
  'accented capitals': 'ÉÇÂÕÚÊ',
  'several wide words': 'WWMWWMW ÉMWÇ ',
  'the widest glyphs': 'ÆŒ—@',
};

const parsed = (schema: Parameters<typeof longestAccepted>[0], pattern: string) =>
  String(schema.parse(longestAccepted(schema, pattern)));

/** A certificate whose every name is as long as the forms accept, in one pattern. */
function longest(pattern: string): { certificate: PublicCertificate; description: string } {
  const crea = SetTechnicianBodySchema.parse({ crea: '12345678901234' }).crea;
  return {
    certificate: {
      ...DEMO,
      property: {
        ...DEMO.property,
        business_name: parsed(PropertyBodySchema.shape.business_name, pattern),
        municipality: parsed(PropertyBodySchema.shape.municipality, pattern),
      },
      seal: { ...DEMO.seal, name: parsed(ProcessFieldsSchema.shape.stamp_name, pattern) },
      issued_by: {
        name: `${parsed(FirstNameSchema, pattern)} ${parsed(LastNameSchema, pattern)}`,
        crea,
      },
    },
    description: parsed(ProcessFieldsSchema.shape.description, pattern),
  };
}

const intersects = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1e-6 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1e-6;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1e-6 &&
  inner.y >= outer.y - 1e-6 &&
  inner.x + inner.width <= outer.x + outer.width + 1e-6 &&
  inner.y + inner.height <= outer.y + outer.height + 1e-6;
const show = (box: Box) =>
  `[${[box.x, box.y, box.x + box.width, box.y + box.height].map((v) => v.toFixed(1)).join(', ')}]`;

/**
 * Everything wrong with a layout: an element off the page or outside the inner frame, two
 * elements drawn over each other (but for a text on the band or the seal it sits inside), a QR
 * code whose four-module quiet zone (module size from the code itself) holds anything.
 */
function problems(elements: LayoutElement[], url: string): string[] {
  const found: string[] = [];
  const page = { x: 0, y: 0, width: PAGE.width, height: PAGE.height };
  const frame = elements.find((element) => element.name === 'inner frame');
  if (frame?.kind !== 'frame') return ['no inner frame'];
  const half = frame.lineWidth / 2;
  const content = {
    x: frame.rect.x + half,
    y: frame.rect.y + half,
    width: frame.rect.width - 2 * half,
    height: frame.rect.height - 2 * half,
  };
  for (const element of elements)
    for (const box of element.boxes) {
      if (!inside(box, page)) found.push(`${element.name} ${show(box)} leaves the page`);
      else if (element.kind !== 'frame' && !inside(box, content))
        found.push(`${element.name} ${show(box)} leaves the inner frame`);
    }
  elements.forEach((a, index) => {
    for (const b of elements.slice(index + 1)) {
      const [container, child] = b.within === a.name ? [a, b] : a.within === b.name ? [b, a] : [];
      for (const boxA of a.boxes)
        for (const boxB of b.boxes) {
          if (container && child) {
            const childBox = child === a ? boxA : boxB;
            if (!inside(childBox, container === a ? boxA : boxB))
              found.push(`${child.name} ${show(childBox)} spills out of ${container.name}`);
          } else if (intersects(boxA, boxB))
            found.push(`${a.name} ${show(boxA)} overlaps ${b.name} ${show(boxB)}`);
        }
    }
  });
  const qr = elements.find((element) => element.kind === 'qr');
  if (qr?.kind !== 'qr') return [...found, 'no QR code'];
  // The module from the code that the address makes, not from the layout's own figure.
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  if (qr.modules.size !== modules.size) found.push(`QR code of ${qr.modules.size} modules`);
  const quiet = (4 * qr.rect.width) / modules.size;
  const zone = {
    x: qr.rect.x - quiet,
    y: qr.rect.y - quiet,
    width: qr.rect.width + 2 * quiet,
    height: qr.rect.height + 2 * quiet,
  };
  for (const element of elements)
    if (element !== qr)
      for (const box of element.boxes)
        if (intersects(box, zone))
          found.push(`${element.name} ${show(box)} enters the QR code's quiet zone ${show(zone)}`);
  return found;
}

const layout = (certificate: PublicCertificate, extra: CertificateExtra) =>
  layoutCertificate(new PDFDocument({ size: 'A4' }), certificate, extra);

let svgSeal: DrawableImage;
beforeAll(async () => {
  const file = path.join(serverAssets, 'seals', 'arroz-qualidade-superior.svg');
  svgSeal = { kind: 'svg', svg: await readFile(file, 'utf8') };
});
/** Any image is drawn inside the seal's square; without one, the emblem holds the name. */
const seals = () => ({ 'a seal image': svgSeal, 'a seal without image': null });

describe('the certificate layout', () => {
  it('lays the demo certificate out with nothing over anything, nearly at its designed size', () => {
    for (const sealImage of Object.values(seals())) {
      const result = layout(DEMO, { processDescription: DEMO_DESCRIPTION, sealImage });
      expect(problems(result.elements, DEMO.verification_url)).toEqual([]);
      expect(result.scale).toBeGreaterThan(0.9);
    }
  });

  it('keeps every element apart and the QR code clear with the longest names the forms accept', () => {
    for (const [patternName, pattern] of Object.entries(PATTERNS)) {
      const { certificate, description } = longest(pattern);
      expect(certificate.property.business_name.length).toBeGreaterThanOrEqual(199);
      for (const [imageName, sealImage] of Object.entries(seals()))
        for (const level of ['ouro', null] as const)
          for (const processDescription of [DEMO_DESCRIPTION, description]) {
            const result = layout({ ...certificate, level }, { processDescription, sealImage });
            const where = `${patternName}, ${imageName}, level ${level}, description of ${processDescription.length}`;
            expect(problems(result.elements, certificate.verification_url), where).toEqual([]);
            // Shrunk, but still legible: no text under 8 pt but the emblem's copy of the name.
            for (const element of result.elements)
              if (element.kind === 'text' && element.name !== 'emblem name')
                expect(element.size, `${where}: ${element.name}`).toBeGreaterThanOrEqual(8);
          }
    }
  });

  it('gives a certificate without issuer or level the same guarantees', () => {
    const { certificate } = longest('W');
    const result = layout(
      { ...certificate, issued_by: null, level: null },
      { processDescription: DEMO_DESCRIPTION, sealImage: null },
    );
    expect(problems(result.elements, certificate.verification_url)).toEqual([]);
  });
});

describe('the certificate PDF', () => {
  /** Each text pdf.js finds on the page, with its start and baseline from the top left. */
  async function drawnTexts(pdf: Buffer) {
    const document = await openPdf(pdf);
    const page = await document.getPage(1);
    const items = (await page.getTextContent()).items.flatMap((item) =>
      'str' in item && item.str.trim()
        ? [
            {
              text: item.str,
              x: item.transform[4] as number,
              width: item.width,
              baseline: PAGE.height - (item.transform[5] as number),
            },
          ]
        : [],
    );
    return { pages: document.numPages, items };
  }

  it('is drawn as laid out, on one page, with every name printed in full', async () => {
    const cases = [
      { certificate: DEMO, description: DEMO_DESCRIPTION },
      ...Object.values(PATTERNS).map(longest),
    ];
    for (const { certificate, description } of cases) {
      const extra = { processDescription: description, sealImage: svgSeal };
      // Texts, and the seal's image, whose SVG may hold some.
      const boxes = layout(certificate, extra).elements.flatMap((element) =>
        element.kind === 'text' || element.kind === 'seal' ? element.boxes : [],
      );
      const { pages, items } = await drawnTexts(await renderCertificatePdf(certificate, extra));
      expect(pages).toBe(1);
      for (const item of items)
        expect(
          boxes.some(
            (box) =>
              item.x >= box.x - 0.5 &&
              item.x + item.width <= box.x + box.width + 0.5 &&
              item.baseline >= box.y &&
              item.baseline <= box.y + box.height,
          ),
          `'${item.text}' at ${item.x.toFixed(1)}, ${item.baseline.toFixed(1)} is in no box of the layout`,
        ).toBe(true);
      const printed = items
        .map((item) => item.text)
        .join('')
        .replace(/\s+/g, '');
      for (const name of [
        certificate.property.business_name,
        certificate.property.municipality,
        certificate.seal.name,
        certificate.issued_by!.name,
      ])
        expect(printed).toContain(name.replace(/\s+/g, ''));
    }
  });
});
