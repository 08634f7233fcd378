import { createRequire } from 'node:module';
import {
  STATEMENT_COLUMN_HEADINGS,
  STATEMENT_COLUMNS,
  type StatementAccountSummary,
  type StatementColumn,
  type StatementLanguage,
  type StatementRow,
} from '@bank/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { partyCell, zonedTimestampFormatter } from './csv';
import type { StatementHolder } from './document';
import { formatPdfAmount, formatPdfPeriod, formatPdfPurpose, PDF_TEXTS, type PdfTexts } from './pdf-texts';

/**
 * Inter as TrueType: it carries Latin and Cyrillic, and pdfkit subsets TrueType reliably (its WOFF2
 * files break the subsetter on Cyrillic).
 */
const fontFile = createRequire(import.meta.url);
const REGULAR_FONT = fontFile.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf');
const BOLD_FONT = fontFile.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf');

/** Landscape A4 in points: fourteen columns fit side by side at a readable size. */
const PAGE = { width: 841.89, height: 595.28 } as const;
const MARGIN = 28;
/** Rows stop here; the footer lives below. */
const CONTENT_BOTTOM = PAGE.height - 40;
const FOOTER_Y = PAGE.height - 28;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;

const TABLE_FONT_SIZE = 6.8;
const HEADING_FONT_SIZE = 6.5;
const LINE_HEIGHT = 8.6;
const CELL_PADDING = 2.5;
/** A long purpose or name is cut off with an ellipsis after this many lines (the row stays readable). */
const MAX_CELL_LINES = 4;
const RULE_COLOR = '#d5dae1';
const MUTED_COLOR = '#5b6472';
const INK_COLOR = '#111827';
const ACCENT_COLOR = '#0b3d91';

/** Column widths in points, in STATEMENT_COLUMNS order; they add up to the content width. */
const COLUMN_WIDTHS: Readonly<Record<StatementColumn, number>> = {
  date: 48,
  transactionNumber: 44,
  sender: 76,
  recipient: 76,
  type: 72,
  purpose: 80,
  amount: 50,
  currency: 38,
  direction: 52,
  status: 50,
  openingBalance: 50,
  creditTurnover: 50,
  debitTurnover: 50,
  balance: 50,
};
const NUMERIC_COLUMNS: ReadonlySet<StatementColumn> = new Set(['amount', 'openingBalance', 'creditTurnover', 'debitTurnover', 'balance']);
/**
 * OpenType features the statement does without. Shaping Inter's contextual alternates, kerning and
 * mark lookups for every word took most of the time of a row (fontkit, under pdfkit), and a
 * statement may have 100,000 rows; plain Latin and Cyrillic in a table read the same without them.
 */
const UNSHAPED = Object.fromEntries(
  ['ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclig', 'curs', 'kern', 'rvrn'].map((tag) => [tag, false]),
);

interface FontkitFont {
  layout(text: string, features?: unknown): unknown;
}

/** pdfkit's fonts of a document, by name (its own field: pdfkit has no API to reach them). */
export function documentFonts(doc: PDFKit.PDFDocument): Array<{ layoutCache?: object; font?: FontkitFont }> {
  return Object.values((doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object; font?: FontkitFont }> })._fontFamilies);
}

/**
 * Lays text out without the features above in this document's fonts. pdfkit caches the layout of
 * each word only when no features are asked for per call, so they are turned off under it instead.
 */
function turnOffShaping(doc: PDFKit.PDFDocument): void {
  for (const embedded of documentFonts(doc)) {
    const font = embedded.font;
    if (!font || typeof font.layout !== 'function') continue;
    const layout = font.layout.bind(font);
    font.layout = (text, features) => layout(text, features ?? UNSHAPED);
  }
}

/** The room for text inside a cell. */
const innerWidth = (column: StatementColumn) => COLUMN_WIDTHS[column] - 2 * CELL_PADDING;

const COLUMN_X = (() => {
  let x = MARGIN;
  const positions = {} as Record<StatementColumn, number>;
  for (const column of STATEMENT_COLUMNS) {
    positions[column] = x;
    x += COLUMN_WIDTHS[column];
  }
  if (Math.abs(x - MARGIN - CONTENT_WIDTH) > 1) throw new Error('statement PDF columns do not fill the page width');
  return positions;
})();

export interface StatementPdfHeader {
  code: string;
  verifyUrl: string;
  keyId: string;
  holder: StatementHolder;
  summary: StatementAccountSummary;
  period: { firstDay: string | null; lastDay: string | null };
  issuedAt: Date;
  language: StatementLanguage;
  timeZone: string;
}

/**
 * Draws a statement into a pdfkit document, page by page: the first page's header (bank, licence,
 * holder, account, period, balances, verification code and QR code), then the table, its headings
 * repeated on every page, a footer with the page number on every page, and the closing lines. The
 * caller decides when to let finished pages go (`onPageFinished`).
 */
export class StatementPdfLayout {
  readonly doc: PDFKit.PDFDocument;
  private readonly texts: PdfTexts;
  private readonly formatTimestamp: (instant: Date) => string;
  private readonly headings: Readonly<Record<StatementColumn, string>>;
  private y = MARGIN;
  private pageNumber = 0;

  constructor(
    private readonly header: StatementPdfHeader,
    private readonly onPageFinished: () => void,
  ) {
    this.texts = PDF_TEXTS[header.language];
    this.headings = STATEMENT_COLUMN_HEADINGS[header.language];
    this.formatTimestamp = zonedTimestampFormatter(header.timeZone, header.language);
    this.doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      // pdfkit breaks pages on its own below the bottom margin; this layout breaks them itself, and
      // its footer sits below the rows, so pdfkit's own margin is kept out of the way.
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 8 },
      autoFirstPage: false,
      compress: true,
      lang: header.language,
      displayTitle: true,
      info: {
        Title: `${this.texts.title} ${header.summary.accountNumber}`,
        Author: this.texts.bank,
        Creator: this.texts.bank,
        Producer: this.texts.bank,
        Subject: `${this.texts.verificationCode}: ${header.code}`,
        // The code where a machine finds it: an uploaded file names the statement it claims to be.
        Keywords: `statement-verification-code:${header.code}`,
        CreationDate: header.issuedAt,
        ModDate: header.issuedAt,
      },
    });
    this.doc.registerFont('Inter', REGULAR_FONT);
    this.doc.registerFont('Inter-Bold', BOLD_FONT);
    // pdfkit opens a font when it is first chosen.
    this.doc.font('Inter-Bold').font('Inter');
    turnOffShaping(this.doc);
  }

  /** The first page: everything but the rows, then the table's headings. */
  begin(): void {
    this.newPage(false);
    const { doc, texts, header } = this;
    const right = MARGIN + CONTENT_WIDTH;
    doc.fillColor(ACCENT_COLOR).font('Inter-Bold').fontSize(16).text(texts.bank, MARGIN, this.y, { lineBreak: false });
    doc.fillColor(MUTED_COLOR).font('Inter').fontSize(7).text(texts.requisites, MARGIN, this.y + 21, { width: 520 });
    this.y = doc.y + 10;
    doc.fillColor(INK_COLOR).font('Inter-Bold').fontSize(14).text(texts.title, MARGIN, this.y, { lineBreak: false });
    this.y += 24;

    const detailsTop = this.y;
    const details: Array<[string, string]> = [
      [texts.holder, header.holder.name],
      [texts.clientNumber, header.holder.clientNumber],
      ...(header.holder.address ? [[texts.address, header.holder.address] as [string, string]] : []),
      [texts.account, `${header.summary.accountNumber} (${header.summary.currency})`],
      [texts.period, formatPdfPeriod(header.period, header.language)],
      [texts.issued, `${this.formatTimestamp(header.issuedAt)} (${header.timeZone})`],
    ];
    for (const [label, value] of details) this.labelled(label, value, MARGIN, 90, 250);

    // Balances beside the details.
    this.y = detailsTop;
    const balancesX = MARGIN + 370;
    doc.fillColor(INK_COLOR).font('Inter-Bold').fontSize(8).text(texts.balances, balancesX, this.y, { lineBreak: false });
    this.y += 13;
    const { summary } = header;
    const balances: Array<[string, string]> = [
      [texts.opening, summary.openingBalance],
      [texts.credit, summary.creditTurnover],
      [texts.debit, summary.debitTurnover],
      [texts.closing, summary.closingBalance],
    ];
    for (const [label, value] of balances) {
      doc.fillColor(MUTED_COLOR).font('Inter').fontSize(8).text(label, balancesX, this.y, { lineBreak: false });
      doc
        .fillColor(INK_COLOR)
        .font('Inter-Bold')
        .text(`${formatPdfAmount(value, header.language)} ${summary.currency}`, balancesX + 90, this.y, { width: 110, align: 'right', lineBreak: false });
      this.y += 12;
    }
    const balancesBottom = this.y;

    // The verification block in the top right corner: code, QR code, where to check.
    const qrSize = 78;
    const qrX = right - qrSize;
    this.drawQrCode(header.verifyUrl, qrX, MARGIN, qrSize);
    const blockX = right - qrSize - 170;
    doc.fillColor(MUTED_COLOR).font('Inter').fontSize(7).text(texts.verificationCode, blockX, MARGIN + 2, { width: 160, align: 'right' });
    doc.fillColor(INK_COLOR).font('Inter-Bold').fontSize(11).text(header.code, blockX, MARGIN + 12, { width: 160, align: 'right', lineBreak: false });
    doc.fillColor(MUTED_COLOR).font('Inter').fontSize(6.5).text(texts.verifyAt(header.verifyUrl), blockX, MARGIN + 28, { width: 160, align: 'right' });
    doc.text(texts.signedBy(header.keyId), blockX, doc.y + 2, { width: 160, align: 'right' });

    this.y = Math.max(doc.y, balancesBottom, detailsTop) + 12;
    this.drawHeadings();
  }

  /** One statement row; a new page first when it does not fit. */
  addRow(row: StatementRow): void {
    const { doc } = this;
    doc.font('Inter').fontSize(TABLE_FONT_SIZE);
    const cells = this.cellsOf(row);
    // Most cells fit on one line: those are placed directly, which costs far less than pdfkit's
    // line wrapping; only the wider ones are wrapped (and measured).
    const widths = {} as Record<StatementColumn, number>;
    let lines = 1;
    for (const column of STATEMENT_COLUMNS) {
      const text = cells[column];
      widths[column] = text ? doc.widthOfString(text) : 0;
      if (widths[column] > innerWidth(column)) lines = Math.max(lines, this.wrappedLines(text, column));
    }
    const height = lines * LINE_HEIGHT + 2 * CELL_PADDING;
    if (this.y + height > CONTENT_BOTTOM) {
      this.onPageFinished();
      this.newPage(true);
      doc.font('Inter').fontSize(TABLE_FONT_SIZE);
    }
    doc.fillColor(INK_COLOR);
    const top = this.y + CELL_PADDING;
    for (const column of STATEMENT_COLUMNS) {
      const text = cells[column];
      if (!text) continue;
      const left = COLUMN_X[column] + CELL_PADDING;
      if (widths[column] <= innerWidth(column)) {
        const x = NUMERIC_COLUMNS.has(column) ? left + innerWidth(column) - widths[column] : left;
        doc.text(text, x, top, { lineBreak: false });
      } else {
        doc.text(text, left, top, {
          width: innerWidth(column),
          height: MAX_CELL_LINES * LINE_HEIGHT,
          ellipsis: true,
          lineGap: LINE_HEIGHT - doc.currentLineHeight(),
          align: NUMERIC_COLUMNS.has(column) ? 'right' : 'left',
        });
      }
    }
    this.y += height;
    doc.moveTo(MARGIN, this.y).lineTo(MARGIN + CONTENT_WIDTH, this.y).lineWidth(0.3).strokeColor(RULE_COLOR).stroke();
  }

  /** The closing lines after the last row. */
  end(rowCount: number): void {
    const { doc, texts, header } = this;
    if (this.y + 48 > CONTENT_BOTTOM) {
      this.onPageFinished();
      this.newPage(false);
    }
    this.y += 10;
    const lines = [
      ...(rowCount === 0 ? [texts.noRows] : []),
      texts.rowsTotal(rowCount),
      `${texts.closing}: ${formatPdfAmount(header.summary.closingBalance, header.language)} ${header.summary.currency}`,
      `${texts.endOfStatement} ${texts.verificationCode}: ${header.code}`,
    ];
    doc.font('Inter').fontSize(8).fillColor(INK_COLOR);
    for (const line of lines) {
      doc.text(line, MARGIN, this.y, { lineBreak: false });
      this.y += 12;
    }
    this.onPageFinished();
  }

  private labelled(label: string, value: string, x: number, labelWidth: number, valueWidth: number): void {
    const { doc } = this;
    doc.fillColor(MUTED_COLOR).font('Inter').fontSize(8).text(label, x, this.y, { width: labelWidth, lineBreak: false });
    doc.fillColor(INK_COLOR).font('Inter-Bold').fontSize(8).text(value, x + labelWidth, this.y, { width: valueWidth });
    this.y = Math.max(doc.y, this.y + 11) + 1;
  }

  private newPage(withHeadings: boolean): void {
    const { doc, texts, header } = this;
    doc.addPage();
    this.pageNumber += 1;
    this.y = MARGIN;
    const footer = `${texts.bank} · ${texts.title} ${header.summary.accountNumber} · ${texts.verificationCode} ${header.code} · ${texts.issued} ${this.formatTimestamp(header.issuedAt)}`;
    doc.font('Inter').fontSize(6.5).fillColor(MUTED_COLOR);
    doc.text(footer, MARGIN, FOOTER_Y, { lineBreak: false });
    doc.text(texts.page(this.pageNumber), MARGIN + CONTENT_WIDTH - 100, FOOTER_Y, { width: 100, align: 'right', lineBreak: false });
    if (withHeadings) this.drawHeadings();
  }

  private drawHeadings(): void {
    const { doc } = this;
    const height = 2 * LINE_HEIGHT + 2 * CELL_PADDING;
    doc.rect(MARGIN, this.y, CONTENT_WIDTH, height).fill('#eef1f6');
    doc.font('Inter-Bold').fontSize(HEADING_FONT_SIZE).fillColor(INK_COLOR);
    for (const column of STATEMENT_COLUMNS) {
      doc.text(this.headings[column], COLUMN_X[column] + CELL_PADDING, this.y + CELL_PADDING, {
        width: COLUMN_WIDTHS[column] - 2 * CELL_PADDING,
        height: 2 * LINE_HEIGHT,
        ellipsis: true,
        align: NUMERIC_COLUMNS.has(column) ? 'right' : 'left',
      });
    }
    this.y += height;
  }

  private cellsOf(row: StatementRow): Record<StatementColumn, string> {
    const { texts, header } = this;
    const amount = (value: string) => formatPdfAmount(value, header.language);
    return {
      date: this.formatTimestamp(new Date(row.created * 1000)),
      transactionNumber: row.transactionNumber,
      sender: partyCell(row.sender, row.senderName),
      recipient: partyCell(row.recipient, row.recipientName),
      type: texts.types[row.type],
      purpose: formatPdfPurpose(row.purpose, header.language),
      amount: amount(row.amount),
      currency: row.currency,
      direction: texts.directions[row.direction],
      status: texts.statuses[row.status],
      openingBalance: amount(row.openingBalance),
      creditTurnover: amount(row.creditTurnover),
      debitTurnover: amount(row.debitTurnover),
      balance: amount(row.balance),
    };
  }

  /** Lines a text wider than its column takes when wrapped, at most MAX_CELL_LINES. */
  private wrappedLines(text: string, column: StatementColumn): number {
    const { doc } = this;
    const height = doc.heightOfString(text, { width: innerWidth(column), lineGap: LINE_HEIGHT - doc.currentLineHeight() });
    return Math.min(MAX_CELL_LINES, Math.max(1, Math.round(height / LINE_HEIGHT)));
  }

  /** The QR code as vector squares (each run of dark modules in a row is one rectangle). */
  private drawQrCode(text: string, x: number, y: number, size: number): void {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const quiet = 2;
    const cell = size / (modules.size + 2 * quiet);
    const { doc } = this;
    doc.rect(x, y, size, size).fill('#ffffff');
    for (let row = 0; row < modules.size; row += 1) {
      let column = 0;
      while (column < modules.size) {
        if (!modules.get(row, column)) {
          column += 1;
          continue;
        }
        const start = column;
        while (column < modules.size && modules.get(row, column)) column += 1;
        doc.rect(x + (quiet + start) * cell, y + (quiet + row) * cell, (column - start) * cell, cell);
      }
    }
    doc.fill('#000000');
  }
}
