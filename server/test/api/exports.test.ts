import { messages } from '@agroselo/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { proofs } from '../../src/db/schema';
import {
  addTableRow,
  createField,
  createForm,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  fillFormFields,
  startedInstance,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { newId } from '../../src/lib/ids';
import { pdfText } from '../support/pdf-text';
import { csvRows } from '../support/csv';
import { buildTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let owner: UserRow;
let otherOwner: UserRow;
let pending: UserRow;
let farm: PropertyRow;
let otherFarm: PropertyRow;

const get = async (url: string, caller?: UserRow) =>
  t.app.inject({ url, headers: caller ? await t.auth(caller) : {} });

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

/** The values of a sheet's rows, the header first. */
const sheetRows = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .filter(Boolean)
    .map((row) => (row as ExcelJS.CellValue[]).slice(1));

beforeAll(async () => {
  t = await buildTestApp();
  [admin, technician, owner, otherOwner, pending] = await Promise.all([
    createUser(t.db, { role: 'admin', firstName: 'Ana', lastName: 'Exportadora' }),
    createUser(t.db, { role: 'technician', crea: '00000001234567' }),
    createUser(t.db, { role: 'owner', firstName: 'Otávio', lastName: 'Dono' }),
    createUser(t.db, { role: 'owner' }),
    createUser(t.db, { role: 'user', pending: true }),
  ]);
  farm = await createProperty(t.db, {
    owner,
    businessName: 'Granja Exportação; Filial "Sul"',
    latitude: -30.851,
    farmingLoValidity: '2028-12-31',
  });
  otherFarm = await createProperty(t.db, {
    owner: otherOwner,
    businessName: '=HYPERLINK("http://mal.example")',
  });
});

describe('GET /api/export/properties.csv', () => {
  it('answers 401 without a token and 403 to an unverified account', async () => {
    expect((await get('/api/export/properties.csv')).statusCode).toBe(401);
    expect((await get('/api/export/properties.csv', pending)).statusCode).toBe(403);
  });

  it('answers 422 in pt-BR to a search too long', async () => {
    const response = await get(`/api/export/properties.csv?query=${'a'.repeat(201)}`, admin);
    expect(response.statusCode).toBe(422);
  });

  it('is UTF-8 with a BOM, `;`-separated, with pt-BR dates and decimal commas, quoted right', async () => {
    const response = await get('/api/export/properties.csv?query=Exportação', admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="propriedades-\d{2}-\d{2}-\d{4}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = csvRows(response.body.slice(1));
    expect(header!.slice(0, 4)).toEqual(['Propriedade', 'Denominação', 'CNPJ', 'Município']);
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0]![header!.indexOf(name)];
    expect(cell('Propriedade')).toBe('Granja Exportação; Filial "Sul"');
    expect(response.body).toContain('"Granja Exportação; Filial ""Sul"""');
    expect(cell('Latitude')).toBe('-30,851');
    expect(cell('Validade da LO da lavoura')).toBe('31/12/2028');
    expect(cell('Cadastrada em')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(cell('Produtor')).toBe('Otávio Dono');
  });

  it('keeps a cell that starts like a formula from running as one', async () => {
    const response = await get('/api/export/properties.csv?query=hyperlink', admin);
    const [, row] = csvRows(response.body.slice(1));
    expect(row![0]).toBe(`'=HYPERLINK("http://mal.example")`);
  });

  it('gives a producer their own properties only, staff every one', async () => {
    const own = csvRows((await get('/api/export/properties.csv', owner)).body.slice(1));
    expect(own.slice(1).map((row) => row[0])).toEqual([farm.businessName]);
    const all = csvRows((await get('/api/export/properties.csv', technician)).body.slice(1));
    expect(all.slice(1).map((row) => row[0])).toEqual(
      expect.arrayContaining([farm.businessName, `'${otherFarm.businessName}`]),
    );
  });
});

describe('GET /api/export/properties.xlsx', () => {
  it('is a workbook with typed cells: numbers, days and instants', async () => {
    const response = await get('/api/export/properties.xlsx?query=Exportação', owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = (await workbookOf(response.rawPayload)).getWorksheet('Propriedades')!;
    const [header, row] = sheetRows(sheet);
    expect(header![0]).toBe('Propriedade');
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('Propriedade')).toBe(farm.businessName);
    expect(cell('Latitude')).toBe(-30.851);
    expect(cell('Validade da LO da lavoura')).toEqual(new Date('2028-12-31T00:00:00Z'));
    expect(cell('Cadastrada em')).toBeInstanceOf(Date);
    expect(sheet.getColumn(header!.indexOf('Validade da LO da lavoura') + 1).numFmt).toBe(
      'dd/mm/yyyy',
    );
  });
});

describe('GET /api/export/process-instances.{csv|xlsx}', () => {
  it('answers 401, then 403 to producers', async () => {
    expect((await get('/api/export/process-instances.csv')).statusCode).toBe(401);
    expect((await get('/api/export/process-instances.csv', owner)).statusCode).toBe(403);
    expect((await get('/api/export/process-instances.xlsx', owner)).statusCode).toBe(403);
  });

  it('honours the list filter and search: Pendentes holds only requests with no technician', async () => {
    const { process } = await createSeal(t.db, { stamp: { name: 'Selo Exportável' } });
    const waiting = await createProperty(t.db, { businessName: 'Fazenda Aguardando Export' });
    const accepted = await createProperty(t.db, { businessName: 'Fazenda Aceita Export' });
    await createInstance(t.db, { process, property: waiting });
    await createInstance(t.db, { process, property: accepted, technician });

    const open = csvRows(
      (await get('/api/export/process-instances.csv?query=export', technician)).body.slice(1),
    );
    expect(open[0]).toEqual([
      'Propriedade',
      'CNPJ',
      'Município',
      'Região',
      'Selo',
      'Safra',
      'Situação',
      'Técnico',
      'Formulários finalizados',
      'Formulários',
      'Pendências atrasadas',
      'Dias desde a solicitação',
      'Dias desde a última ação',
      'Solicitado em',
    ]);
    expect(open.slice(1).map((row) => [row[0], row[6]])).toEqual([
      ['Fazenda Aceita Export', 'Aguardando produtor'],
      ['Fazenda Aguardando Export', 'Pendente'],
    ]);

    const response = await get(
      '/api/export/process-instances.xlsx?status=pending&query=export',
      admin,
    );
    expect(response.headers['content-disposition']).toMatch(/processos-pendentes-/);
    const rows = sheetRows((await workbookOf(response.rawPayload)).worksheets[0]!);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Fazenda Aguardando Export']);
  });

  it('honours the safra of the list: only the requests of that season, with their safra', async () => {
    const { process: older } = await createSeal(t.db, { process: { safra: '2019/20' } });
    const { process: newer } = await createSeal(t.db, { process: { safra: '2020/21' } });
    const earlier = await createProperty(t.db, { businessName: 'Fazenda Safrinha Antiga' });
    const later = await createProperty(t.db, { businessName: 'Fazenda Safrinha Nova' });
    await createInstance(t.db, { process: older, property: earlier });
    await createInstance(t.db, { process: newer, property: later });

    const rowsOf = async (url: string) =>
      csvRows((await get(url, technician)).body.slice(1))
        .slice(1)
        .map((row) => [row[0], row[5]]);
    expect(await rowsOf('/api/export/process-instances.csv?query=safrinha&safra=2019/20')).toEqual([
      ['Fazenda Safrinha Antiga', '2019/20'],
    ]);
    expect(await rowsOf('/api/export/process-instances.csv?query=safrinha&safra=')).toEqual([
      ['Fazenda Safrinha Nova', '2020/21'],
      ['Fazenda Safrinha Antiga', '2019/20'],
    ]);

    const malformed = await get('/api/export/process-instances.csv?safra=2019/21', technician);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail[0].loc).toEqual(['querystring', 'safra']);
  });
});

describe('GET /api/export/users.{csv|xlsx}', () => {
  it('answers 401, then 403 to everyone but admins', async () => {
    expect((await get('/api/export/users.csv')).statusCode).toBe(401);
    expect((await get('/api/export/users.csv', technician)).statusCode).toBe(403);
    expect((await get('/api/export/users.xlsx', owner)).statusCode).toBe(403);
  });

  it('lists the accounts the search finds, CPF masked', async () => {
    const response = await get('/api/export/users.csv?query=exportadora', admin);
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = csvRows(response.body.slice(1));
    expect(header).toEqual([
      'Nome',
      'Sobrenome',
      'E-mail',
      'CPF',
      'Telefone',
      'Papel',
      'CREA',
      'Situação',
      'Cadastrada em',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(0, 3)).toEqual(['Ana', 'Exportadora', admin.email]);
    expect(rows[0]![3]).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(rows[0]!.slice(5, 8)).toEqual(['Administrador', '', 'Ativa']);
  });
});

describe('GET /api/export/process/{processId}/answers.xlsx', () => {
  it('answers 401, 403 to producers and 404 in pt-BR to an unknown process', async () => {
    const url = `/api/export/process/${newId()}/answers.xlsx`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, owner)).statusCode).toBe(403);
    const missing = await get(url, technician);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: messages.seals.processNotFound });
  });

  it('has a sheet per form, a row per instance, and each Lista on its own sheet keyed to its row', async () => {
    const { process } = await createSeal(t.db, { stamp: { name: 'Selo das Respostas' } });
    const cultivar = await createField(t.db, { name: 'Cultivar', type: 'text' });
    const sowing = await createField(t.db, { name: 'Data da semeadura', type: 'date' });
    const licence = await createField(t.db, { name: 'Outorga', type: 'bool', proof: true });
    const plot = await createField(t.db, { name: 'Talhão', type: 'text' });
    const area = await createField(t.db, { name: 'Área (ha)', type: 'text' });
    const plots = await createField(t.db, {
      name: 'Talhões',
      type: 'form',
      children: [plot.id, area.id],
    });
    const form = await createForm(t.db, process.id, {
      name: 'Lavoura',
      fieldIds: [cultivar.id, sowing.id, licence.id, plots.id],
    });
    const first = await startedInstance(t.db, { process, property: farm, technician });
    const second = await startedInstance(t.db, { process, property: otherFarm, technician });
    const formOf = (started: typeof first) => started.forms.find((f) => f.formId === form.id)!;
    await fillFormFields(t.db, formOf(first).id, {
      [cultivar.id]: 'IRGA 424 RI',
      [sowing.id]: '2026-10-15',
      [licence.id]: 'true',
    });
    await t.db.insert(proofs).values({
      id: newId(),
      fieldInstanceId: formOf(first).fieldInstanceOf(licence.id),
      storageKey: 'respostas/outorga.pdf',
      filename: 'outorga-2026.pdf',
      mime: 'application/pdf',
      size: 10,
    });
    await addTableRow(t.db, formOf(first).id, plots.id, { [plot.id]: 'T1', [area.id]: '12,5' });
    await addTableRow(t.db, formOf(first).id, plots.id, { [plot.id]: 'T2', [area.id]: '8' });
    await addTableRow(t.db, formOf(second).id, plots.id, { [plot.id]: 'Único' });

    const response = await get(`/api/export/process/${process.id}/answers.xlsx`, technician);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('respostas-Selo das Respostas.xlsx');
    const workbook = await workbookOf(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Lavoura',
      'Lavoura - Talhões',
    ]);

    const [formHeader, ...formRows] = sheetRows(workbook.getWorksheet('Lavoura')!);
    expect(formHeader).toEqual([
      'Pedido',
      'Propriedade',
      'CNPJ',
      'Situação do pedido',
      'Formulário finalizado',
      'Cultivar',
      'Data da semeadura',
      'Outorga',
      'Comprovante: Outorga',
      'Talhões (linhas)',
    ]);
    const byInstance = new Map(formRows.map((row) => [row[0], row]));
    expect(byInstance.get(first.instance.id)!.slice(1)).toEqual([
      farm.businessName,
      expect.any(String),
      'Em andamento',
      'Não',
      'IRGA 424 RI',
      new Date('2026-10-15T00:00:00Z'),
      'Sim',
      'outorga-2026.pdf',
      2,
    ]);
    expect(byInstance.get(second.instance.id)!.at(-1)).toBe(1);

    const [listHeader, ...listRows] = sheetRows(workbook.getWorksheet('Lavoura - Talhões')!);
    expect(listHeader).toEqual(['Pedido', 'Propriedade', 'CNPJ', 'Linha', 'Talhão', 'Área (ha)']);
    const keyed = listRows.map((row) => [row[0], row[3], row[4], row[5] ?? null]);
    expect(keyed).toEqual(
      expect.arrayContaining([
        [first.instance.id, 1, 'T1', '12,5'],
        [first.instance.id, 2, 'T2', '8'],
        [second.instance.id, 1, 'Único', null],
      ]),
    );
    expect(listRows).toHaveLength(3);
    // Every Lista row points at a row of its form's sheet.
    for (const row of listRows) expect(byInstance.has(row[0])).toBe(true);
  });
});

describe('GET /api/process-instance/{id}/form/{formId}/pdf', () => {
  let url: string;

  beforeAll(async () => {
    const { process } = await createSeal(t.db, { stamp: { name: 'Selo do PDF' } });
    const variety = await createField(t.db, { name: 'Variedade plantada', type: 'text' });
    const water = await createField(t.db, { name: 'Outorga de água', type: 'bool', proof: true });
    const column = await createField(t.db, { name: 'Produto aplicado', type: 'text' });
    const applications = await createField(t.db, {
      name: 'Aplicações',
      type: 'form',
      children: [column.id],
    });
    const form = await createForm(t.db, process.id, {
      name: 'Caderno de campo',
      fieldIds: [variety.id, water.id, applications.id],
    });
    const { instance, forms } = await startedInstance(t.db, {
      process,
      property: farm,
      technician,
    });
    const filled = forms.find((f) => f.formId === form.id)!;
    await fillFormFields(t.db, filled.id, { [variety.id]: 'BRS Pampeira', [water.id]: 'true' });
    await addTableRow(t.db, filled.id, applications.id, { [column.id]: 'Glifosato' });
    await t.db.insert(proofs).values({
      id: newId(),
      fieldInstanceId: filled.fieldInstanceOf(water.id),
      storageKey: 'pdf/outorga.pdf',
      filename: 'outorga-agua.pdf',
      mime: 'application/pdf',
      size: 2048,
    });
    url = `/api/process-instance/${instance.id}/form/${filled.id}/pdf`;
  });

  it('answers 401, and 404 to a producer who does not own the farm', async () => {
    expect((await get(url)).statusCode).toBe(401);
    const other = await get(url, otherOwner);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: messages.forms.notFound });
  });

  it('is a PDF holding the fields, answers, table rows and proofs', async () => {
    for (const caller of [owner, technician, admin]) {
      const response = await get(url, caller);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain('attachment');
    }
    const response = await get(url, owner);
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Caderno de campo',
      'Selo do PDF',
      'Variedade plantada',
      'BRS Pampeira',
      'Outorga de água',
      'Sim',
      'Linha 1',
      'Produto aplicado: Glifosato',
      'outorga-agua.pdf',
      'Assinatura',
    ])
      expect(text).toContain(expected);
  });
});
