import { readFile, writeFile } from 'node:fs/promises';
import JSZip from 'jszip';

/**
 * A column chart added to a finished xlsx: exceljs writes no charts, so its workbook is opened as the zip
 * it is and the chart's parts (chart, drawing, their relationships and content types) are added beside
 * the sheet they read, as SpreadsheetML (ECMA-376 part 1, DrawingML charts) defines them. The chart
 * refers to the sheet's cells and carries a cache of their values, so it shows before any recalculation.
 * Only the one small sheet's XML is read as text; the other parts keep their compressed bytes.
 */
export interface ColumnChart {
  /** The worksheet part the chart sits on and reads, e.g. `xl/worksheets/sheet2.xml`, and its name. */
  sheetPart: string;
  sheetName: string;
  title: string;
  /** Category labels (column A from row 2) and each series' header and values (its column from row 2). */
  categories: string[];
  series: { column: string; name: string; values: number[]; colour: string }[];
  /** Top-left and bottom-right cells of the chart, zero-based (column, row). */
  from: [number, number];
  to: [number, number];
}

const NS = {
  c: 'http://schemas.openxmlformats.org/drawingml/2006/chart',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  xdr: 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing',
  rels: 'http://schemas.openxmlformats.org/package/2006/relationships',
};
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const xmlText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
/** A formula's reference to a sheet's cells: the name quoted, its quotes doubled. */
const ref = (sheet: string, range: string) => xmlText(`'${sheet.replace(/'/g, "''")}'!${range}`);

function chartXml(chart: ColumnChart): string {
  const last = chart.categories.length + 1;
  const strCache = (values: string[]) =>
    `<c:strCache><c:ptCount val="${values.length}"/>${values.map((v, i) => `<c:pt idx="${i}"><c:v>${xmlText(v)}</c:v></c:pt>`).join('')}</c:strCache>`;
  const numCache = (values: number[]) =>
    `<c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="${values.length}"/>${values
      .map((v, i) => `<c:pt idx="${i}"><c:v>${Number.isFinite(v) ? v : 0}</c:v></c:pt>`)
      .join('')}</c:numCache>`;
  const series = chart.series
    .map(
      (s, i) =>
        `<c:ser><c:idx val="${i}"/><c:order val="${i}"/>` +
        `<c:tx><c:strRef><c:f>${ref(chart.sheetName, `$${s.column}$1`)}</c:f>${strCache([s.name])}</c:strRef></c:tx>` +
        `<c:spPr><a:solidFill><a:srgbClr val="${s.colour.replace('#', '').toUpperCase()}"/></a:solidFill></c:spPr>` +
        '<c:invertIfNegative val="0"/>' +
        `<c:cat><c:strRef><c:f>${ref(chart.sheetName, `$A$2:$A$${last}`)}</c:f>${strCache(chart.categories)}</c:strRef></c:cat>` +
        `<c:val><c:numRef><c:f>${ref(chart.sheetName, `$${s.column}$2:$${s.column}$${last}`)}</c:f>${numCache(s.values)}</c:numRef></c:val>` +
        '</c:ser>',
    )
    .join('');
  return (
    `${HEAD}<c:chartSpace xmlns:c="${NS.c}" xmlns:a="${NS.a}" xmlns:r="${NS.r}"><c:roundedCorners val="0"/><c:chart>` +
    `<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>${xmlText(chart.title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title>` +
    '<c:autoTitleDeleted val="0"/><c:plotArea><c:layout/>' +
    `<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:varyColors val="0"/>${series}` +
    '<c:gapWidth val="60"/><c:axId val="1001"/><c:axId val="1002"/></c:barChart>' +
    '<c:catAx><c:axId val="1001"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/>' +
    '<c:numFmt formatCode="General" sourceLinked="0"/><c:tickLblPos val="nextTo"/><c:crossAx val="1002"/><c:crosses val="autoZero"/>' +
    '<c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>' +
    '<c:valAx><c:axId val="1002"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/>' +
    '<c:majorGridlines/><c:numFmt formatCode="#,##0" sourceLinked="0"/><c:tickLblPos val="nextTo"/><c:crossAx val="1001"/>' +
    '<c:crosses val="autoZero"/><c:crossBetween val="between"/></c:valAx></c:plotArea>' +
    '<c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend><c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart></c:chartSpace>'
  );
}

function drawingXml(chart: ColumnChart): string {
  const cell = (tag: string, [col, row]: [number, number]) =>
    `<xdr:${tag}><xdr:col>${col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:${tag}>`;
  return (
    `${HEAD}<xdr:wsDr xmlns:xdr="${NS.xdr}" xmlns:a="${NS.a}"><xdr:twoCellAnchor>${cell('from', chart.from)}${cell('to', chart.to)}` +
    `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="${xmlText(chart.title)}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
    '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>' +
    `<a:graphic><a:graphicData uri="${NS.c}"><c:chart xmlns:c="${NS.c}" xmlns:r="${NS.r}" r:id="rId1"/></a:graphicData></a:graphic>` +
    '</xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>'
  );
}

const relationships = (rels: string) => `${HEAD}<Relationships xmlns="${NS.rels}">${rels}</Relationships>`;

/** Adds `chart` to the workbook at `path` (rewritten in place). */
export async function addColumnChart(path: string, chart: ColumnChart): Promise<void> {
  const zip = await JSZip.loadAsync(await readFile(path));
  const sheet = zip.file(chart.sheetPart);
  const types = zip.file('[Content_Types].xml');
  if (!sheet || !types) throw new Error(`no ${chart.sheetPart} in the workbook`);
  const [dir, file] = [
    chart.sheetPart.slice(0, chart.sheetPart.lastIndexOf('/')),
    chart.sheetPart.slice(chart.sheetPart.lastIndexOf('/') + 1),
  ];
  const sheetRels = `${dir}/_rels/${file}.rels`;
  if (zip.file(sheetRels)) throw new Error(`${sheetRels} exists already: a sheet with a chart gets no other relationships here`);

  zip.file('xl/charts/chart1.xml', chartXml(chart));
  zip.file('xl/drawings/drawing1.xml', drawingXml(chart));
  zip.file(
    'xl/drawings/_rels/drawing1.xml.rels',
    relationships(`<Relationship Id="rId1" Type="${REL}/chart" Target="../charts/chart1.xml"/>`),
  );
  zip.file(sheetRels, relationships(`<Relationship Id="rId1" Type="${REL}/drawing" Target="../drawings/drawing1.xml"/>`));
  // <drawing> comes after the page setup and before any legacy drawing, table parts or extensions (CT_Worksheet's order).
  const xml = await sheet.async('string');
  const at = xml.search(/<(legacyDrawing|legacyDrawingHF|picture|oleObjects|controls|webPublishItems|tableParts|extLst)\b|<\/worksheet>/);
  zip.file(chart.sheetPart, `${xml.slice(0, at)}<drawing r:id="rId1"/>${xml.slice(at)}`);
  const overrides =
    '<Override PartName="/xl/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>' +
    '<Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>';
  zip.file('[Content_Types].xml', (await types.async('string')).replace('</Types>', `${overrides}</Types>`));
  await writeFile(path, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
}
