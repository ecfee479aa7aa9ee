#!/usr/bin/env node
// Deterministic synthetic corpus for documentation-site generator benchmarks.
//
// Usage:
//   node gen-corpus.mjs --layout docusaurus|docs-site|vitepress|hugo [--pages N] --out DIR [--seed S]
//
// N (default 150) is the number of doc pages per version per locale. The corpus
// models an API-integration docs site: 2 doc versions (v2 current at the site
// root, v1 under /v1), 2 locales (en default, vi), 3 levels of nested folders
// with _category_.yml, front matter on every page, 5-15 h2/h3 headings,
// paragraphs, lists, a table, :::note/:::tip/:::warning admonitions, 2-4 fenced
// code blocks in mixed languages, relative .md links (with heading anchors),
// one image (static/img/flow.png), and 30 blog posts per locale with authors,
// tags and a <!-- truncate --> marker.
//
// Everything is derived from a seeded PRNG (per-entity seeds hashed from the
// entity's identity), so the same arguments always produce byte-identical
// output. No dependencies beyond Node itself.

import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { CODE_TEMPLATES } from './corpus-code.mjs'
import { docusaurusDependencies, FILES } from './corpus-files.mjs'

// ---------------------------------------------------------------- arguments
function parseArgs(argv) {
  const opts = { layout: null, pages: 150, out: null, seed: 20240601 }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const next = () => {
      if (i + 1 >= argv.length) die(`missing value for ${a}`)
      return argv[++i]
    }
    if (a === '--layout') opts.layout = next()
    else if (a === '--pages') opts.pages = Number(next())
    else if (a === '--out') opts.out = next()
    else if (a === '--seed') opts.seed = Number(next())
    else if (a === '-h' || a === '--help') {
      console.log(
        'usage: node gen-corpus.mjs --layout docusaurus|docs-site|vitepress|hugo [--pages N] --out DIR [--seed S]',
      )
      process.exit(0)
    } else die(`unknown argument: ${a}`)
  }
  if (!['docusaurus', 'docs-site', 'vitepress', 'hugo'].includes(opts.layout))
    die('--layout must be docusaurus, docs-site, vitepress or hugo')
  if (!Number.isInteger(opts.pages) || opts.pages < 5) die('--pages must be an integer >= 5')
  if (!opts.out) die('--out DIR is required')
  if (!Number.isInteger(opts.seed)) die('--seed must be an integer')
  return opts
}
function die(msg) {
  console.error(`gen-corpus: ${msg}`)
  process.exit(2)
}

// ---------------------------------------------------------------- PRNG
function hashStr(s) {
  // FNV-1a 32-bit
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}
function mulberry32(a) {
  return function () {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
class Rng {
  constructor(seed, key) {
    this.next = mulberry32((hashStr(String(key)) ^ seed) >>> 0)
  }
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1))
  }
  pick(arr) {
    return arr[Math.floor(this.next() * arr.length)]
  }
  chance(p) {
    return this.next() < p
  }
  shuffle(arr) {
    const a = arr.slice()
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[a[i], a[j]] = [a[j], a[i]]
    }
    return a
  }
  sample(arr, n) {
    return this.shuffle(arr).slice(0, Math.min(n, arr.length))
  }
}

// ---------------------------------------------------------------- vocabulary
// [en, vi] pairs. Text never contains < > { } | so it is valid MDX and table-safe.
const SECTIONS = [
  ['getting-started', 'Getting Started', 'Bắt đầu'],
  ['authentication', 'Authentication', 'Xác thực'],
  ['payments', 'Payments', 'Thanh toán'],
  ['payouts', 'Payouts', 'Chi hộ'],
  ['refunds', 'Refunds', 'Hoàn tiền'],
  ['webhooks', 'Webhooks', 'Webhook'],
  ['customers', 'Customers', 'Khách hàng'],
  ['subscriptions', 'Subscriptions', 'Gói đăng ký'],
  ['invoices', 'Invoices', 'Hóa đơn'],
  ['reports', 'Reports', 'Báo cáo'],
  ['sdks', 'SDKs', 'Bộ SDK'],
  ['reference', 'API Reference', 'Tham chiếu API'],
  ['guides', 'Guides', 'Hướng dẫn'],
  ['testing', 'Testing', 'Kiểm thử'],
  ['security', 'Security', 'Bảo mật'],
  ['migration', 'Migration', 'Di chuyển'],
]
const GROUPS = [
  ['overview', 'Overview', 'Tổng quan'],
  ['concepts', 'Concepts', 'Khái niệm'],
  ['tutorials', 'Tutorials', 'Hướng dẫn từng bước'],
  ['how-to', 'How-to Guides', 'Cách thực hiện'],
  ['api', 'API', 'API'],
  ['errors', 'Errors', 'Lỗi'],
  ['advanced', 'Advanced', 'Nâng cao'],
  ['examples', 'Examples', 'Ví dụ'],
  ['faq', 'FAQ', 'Câu hỏi thường gặp'],
  ['integration', 'Integration', 'Tích hợp'],
]
const SUBGROUPS = [
  ['basics', 'Basics', 'Cơ bản'],
  ['recipes', 'Recipes', 'Công thức'],
  ['edge-cases', 'Edge Cases', 'Trường hợp đặc biệt'],
  ['limits', 'Limits', 'Giới hạn'],
  ['samples', 'Samples', 'Mẫu'],
  ['patterns', 'Patterns', 'Mẫu thiết kế'],
]
const VERBS = [
  ['create', 'Create', 'Tạo'],
  ['update', 'Update', 'Cập nhật'],
  ['retrieve', 'Retrieve', 'Truy xuất'],
  ['list', 'List', 'Liệt kê'],
  ['cancel', 'Cancel', 'Hủy'],
  ['capture', 'Capture', 'Ghi nhận'],
  ['verify', 'Verify', 'Xác minh'],
  ['sign', 'Sign', 'Ký'],
  ['rotate', 'Rotate', 'Xoay vòng'],
  ['configure', 'Configure', 'Cấu hình'],
  ['enable', 'Enable', 'Bật'],
  ['handle', 'Handle', 'Xử lý'],
  ['validate', 'Validate', 'Kiểm tra'],
  ['test', 'Test', 'Kiểm thử'],
  ['monitor', 'Monitor', 'Giám sát'],
  ['reconcile', 'Reconcile', 'Đối soát'],
  ['export', 'Export', 'Xuất'],
  ['import', 'Import', 'Nhập'],
  ['migrate', 'Migrate', 'Di chuyển'],
  ['authorize', 'Authorize', 'Ủy quyền'],
  ['confirm', 'Confirm', 'Xác nhận'],
  ['void', 'Void', 'Vô hiệu hóa'],
  ['paginate', 'Paginate', 'Phân trang'],
  ['filter', 'Filter', 'Lọc'],
  ['schedule', 'Schedule', 'Lên lịch'],
  ['register', 'Register', 'Đăng ký'],
  ['debug', 'Debug', 'Gỡ lỗi'],
  ['secure', 'Secure', 'Bảo vệ'],
  ['retry', 'Retry', 'Thử lại'],
  ['track', 'Track', 'Theo dõi'],
]
const NOUNS = [
  ['payment', 'Payment', 'thanh toán'],
  ['refund', 'Refund', 'hoàn tiền'],
  ['payout', 'Payout', 'khoản chi hộ'],
  ['webhook', 'Webhook', 'webhook'],
  ['merchant', 'Merchant', 'người bán'],
  ['customer', 'Customer', 'khách hàng'],
  ['order', 'Order', 'đơn hàng'],
  ['invoice', 'Invoice', 'hóa đơn'],
  ['subscription', 'Subscription', 'gói đăng ký'],
  ['access-token', 'Access Token', 'mã truy cập'],
  ['signature', 'Signature', 'chữ ký'],
  ['api-key', 'API Key', 'khóa API'],
  ['endpoint', 'Endpoint', 'endpoint'],
  ['transaction', 'Transaction', 'giao dịch'],
  ['settlement', 'Settlement', 'quyết toán'],
  ['balance', 'Balance', 'số dư'],
  ['account', 'Account', 'tài khoản'],
  ['checkout-session', 'Checkout Session', 'phiên thanh toán'],
  ['callback', 'Callback', 'callback'],
  ['event', 'Event', 'sự kiện'],
  ['notification', 'Notification', 'thông báo'],
  ['dispute', 'Dispute', 'khiếu nại'],
  ['report', 'Report', 'báo cáo'],
  ['batch', 'Batch', 'lô giao dịch'],
  ['wallet', 'Wallet', 'ví điện tử'],
  ['card', 'Card', 'thẻ'],
  ['bank-transfer', 'Bank Transfer', 'chuyển khoản ngân hàng'],
  ['qr-code', 'QR Code', 'mã QR'],
  ['client-secret', 'Client Secret', 'client secret'],
  ['idempotency-key', 'Idempotency Key', 'khóa idempotency'],
  ['rate-limit', 'Rate Limit', 'giới hạn tần suất'],
  ['payment-link', 'Payment Link', 'liên kết thanh toán'],
  ['terminal', 'Terminal', 'thiết bị POS'],
  ['receipt', 'Receipt', 'biên lai'],
  ['ledger', 'Ledger', 'sổ cái'],
  ['store', 'Store', 'cửa hàng'],
  ['partner', 'Partner', 'đối tác'],
  ['sandbox', 'Sandbox', 'môi trường sandbox'],
  ['fee', 'Fee', 'phí'],
  ['currency', 'Currency', 'tiền tệ'],
]
const ADJ_EN = [
  'secure',
  'asynchronous',
  'idempotent',
  'signed',
  'encrypted',
  'recurring',
  'hosted',
  'embedded',
  'server-side',
  'real-time',
  'batched',
  'partial',
  'default',
  'regional',
  'scheduled',
]
const STATE_EN = [
  'pending',
  'succeeded',
  'failed',
  'cancelled',
  'partially refunded',
  'expired',
  'requires action',
]
const STATE_VI = [
  'đang chờ xử lý',
  'thành công',
  'thất bại',
  'đã hủy',
  'đã hoàn tiền một phần',
  'đã hết hạn',
  'cần xác nhận thêm',
]
const FIELDS = [
  'merchant_id',
  'amount',
  'currency',
  'order_id',
  'callback_url',
  'signature',
  'created_at',
  'status',
  'idempotency_key',
  'expires_at',
  'customer_id',
  'payment_method',
  'description',
  'metadata',
  'request_id',
  'redirect_url',
  'refund_id',
  'payout_id',
  'limit',
  'starting_after',
]
const TYPES = ['string', 'integer', 'boolean', 'object', 'array', 'timestamp', 'enum']
const CODES = ['400', '401', '403', '404', '409', '422', '429', '500', '503']
const ENDPOINTS = [
  '/v2/payments',
  '/v2/refunds',
  '/v2/payouts',
  '/v2/customers',
  '/v2/orders',
  '/v2/invoices',
  '/v2/webhooks',
  '/v2/subscriptions',
  '/v2/balance',
  '/v2/reports',
  '/oauth/token',
  '/v2/payment-links',
]
const TAGS = [
  'payments',
  'webhooks',
  'security',
  'authentication',
  'refunds',
  'payouts',
  'sdk',
  'testing',
  'errors',
  'reporting',
  'customers',
  'subscriptions',
  'invoices',
  'oauth',
  'sandbox',
  'go-live',
  'reconciliation',
  'migration',
  'idempotency',
  'rate-limits',
]
const BLOG_TAGS = [
  'release',
  'payments',
  'webhooks',
  'security',
  'sdk',
  'engineering',
  'changelog',
  'tutorial',
  'reliability',
  'partners',
]
const AUTHORS = [
  ['alice', 'Alice Nguyen', 'Developer Advocate'],
  ['binh', 'Binh Tran', 'Staff Engineer, Payments'],
  ['chloe', 'Chloe Martin', 'Product Manager, Platform'],
  ['duc', 'Duc Le', 'Security Engineer'],
  ['emma', 'Emma Schmidt', 'Technical Writer'],
]
const CODE_LANGS = ['bash', 'json', 'go', 'js', 'python', 'java', 'csharp', 'php']

// ASCII headings (stable anchors in both locales, link targets in vi)
const HEAD_ASCII = [
  'API Reference',
  'Webhook Events',
  'Idempotency Keys',
  'HTTP Status Codes',
  'OAuth Scopes',
  'SDK Setup',
  'Sandbox Credentials',
  'JSON Payload',
  'Callback URL',
  'HMAC Signature',
  'Request Headers',
  'Retry Schedule',
]
const HEAD_EN_FIXED = [
  'Overview',
  'How it works',
  'Prerequisites',
  'Request parameters',
  'Response fields',
  'Error codes',
  'Rate limits',
  'Testing in sandbox',
  'Going live',
  'Next steps',
  'Troubleshooting',
  'Best practices',
  'Pagination',
  'Example request',
  'Example response',
  'Security considerations',
  'Migrating from v1',
  'Limits and quotas',
  'Before you begin',
  'Common pitfalls',
]
const HEAD_VI_FIXED = [
  'Tổng quan',
  'Cách hoạt động',
  'Điều kiện tiên quyết',
  'Tham số yêu cầu',
  'Các trường phản hồi',
  'Mã lỗi',
  'Giới hạn tần suất',
  'Kiểm thử trong môi trường sandbox',
  'Chuyển sang môi trường thật',
  'Bước tiếp theo',
  'Khắc phục sự cố',
  'Thực hành tốt nhất',
  'Phân trang',
  'Ví dụ yêu cầu',
  'Ví dụ phản hồi',
  'Lưu ý về bảo mật',
  'Di chuyển từ v1',
  'Giới hạn và hạn mức',
  'Trước khi bắt đầu',
  'Những lỗi thường gặp',
]

// ---------------------------------------------------------------- text helpers
const code = (s) => '`' + s + '`'

function sentenceEn(r) {
  const n = () => r.pick(NOUNS)[1].toLowerCase()
  const v = () => r.pick(VERBS)[0]
  const t = r.int(0, 11)
  switch (t) {
    case 0:
      return `To ${v()} a ${n()}, send a ${r.pick(ADJ_EN)} request to the ${code(r.pick(ENDPOINTS))} endpoint with your ${n()}.`
    case 1:
      return `The ${n()} object contains the ${code(r.pick(FIELDS))} field, which identifies the ${n()} in your integration.`
    case 2:
      return `If the ${n()} is ${r.pick(STATE_EN)}, the API returns a ${code(r.pick(CODES))} status code and an error object that describes the problem.`
    case 3:
      return `We recommend that you ${v()} every ${n()} on the server side before you ${v()} the ${n()}.`
    case 4:
      return `Each ${n()} expires after ${r.int(5, 60)} minutes, so your integration should ${v()} it again when a new ${n()} arrives.`
    case 5:
      return `Use the ${code(r.pick(FIELDS))} parameter to ${v()} ${n()} records created after a given timestamp.`
    case 6:
      return `In the sandbox environment, every ${n()} is ${r.pick(STATE_EN)} immediately and no real money moves.`
    case 7:
      return `Webhook deliveries are retried up to ${r.int(3, 16)} times with exponential backoff when your endpoint does not answer within ${r.int(5, 30)} seconds.`
    case 8:
      return `**Important:** store the ${code(r.pick(FIELDS))} value so that you can ${v()} the ${n()} later without creating a duplicate.`
    case 9:
      return `The ${r.pick(ADJ_EN)} flow lets you ${v()} a ${n()} and ${v()} the related ${n()} in a single call.`
    case 10:
      return `Responses are paginated with a default page size of ${r.int(10, 100)} items; pass ${code('starting_after')} to fetch the next page.`
    default:
      return `Amounts are expressed in the smallest currency unit, for example ${r.int(1000, 99000)} for ${r.int(10, 990)}.00 in a two-decimal currency.`
  }
}
function sentenceVi(r) {
  const n = () => r.pick(NOUNS)[2]
  const v = () => r.pick(VERBS)[2].toLowerCase()
  const t = r.int(0, 11)
  switch (t) {
    case 0:
      return `Để ${v()} ${n()}, hãy gửi một yêu cầu đến endpoint ${code(r.pick(ENDPOINTS))} kèm theo ${n()} của bạn.`
    case 1:
      return `Đối tượng ${n()} chứa trường ${code(r.pick(FIELDS))}, dùng để xác định ${n()} trong hệ thống của bạn.`
    case 2:
      return `Nếu ${n()} ở trạng thái ${r.pick(STATE_VI)}, API sẽ trả về mã trạng thái ${code(r.pick(CODES))} cùng với đối tượng mô tả lỗi.`
    case 3:
      return `Chúng tôi khuyến nghị bạn ${v()} mọi ${n()} ở phía máy chủ trước khi ${v()} ${n()}.`
    case 4:
      return `Mỗi ${n()} sẽ hết hạn sau ${r.int(5, 60)} phút, vì vậy hệ thống của bạn cần ${v()} lại khi nhận được ${n()} mới.`
    case 5:
      return `Sử dụng tham số ${code(r.pick(FIELDS))} để ${v()} các bản ghi ${n()} được tạo sau một thời điểm nhất định.`
    case 6:
      return `Trong môi trường sandbox, mọi ${n()} đều ${r.pick(STATE_VI)} ngay lập tức và không có tiền thật được chuyển.`
    case 7:
      return `Webhook sẽ được gửi lại tối đa ${r.int(3, 16)} lần với thời gian chờ tăng dần nếu endpoint của bạn không phản hồi trong ${r.int(5, 30)} giây.`
    case 8:
      return `**Quan trọng:** hãy lưu giá trị ${code(r.pick(FIELDS))} để có thể ${v()} ${n()} sau này mà không tạo bản ghi trùng lặp.`
    case 9:
      return `Luồng xử lý này cho phép bạn ${v()} ${n()} và ${v()} ${n()} liên quan chỉ trong một lần gọi API.`
    case 10:
      return `Kết quả được phân trang với kích thước mặc định ${r.int(10, 100)} phần tử; truyền ${code('starting_after')} để lấy trang tiếp theo.`
    default:
      return `Số tiền được biểu diễn bằng đơn vị nhỏ nhất của loại tiền tệ, ví dụ ${r.int(1000, 99000)} tương ứng với ${r.int(10, 990)}.000 đồng.`
  }
}
const sentence = (r, loc) => (loc === 'vi' ? sentenceVi(r) : sentenceEn(r))
function paragraph(r, loc, min = 2, max = 5) {
  const n = r.int(min, max)
  const out = []
  for (let i = 0; i < n; i++) out.push(sentence(r, loc))
  return out.join(' ')
}

// ---------------------------------------------------------------- code samples
function codeSample(r, lang, loc) {
  const ep = r.pick(ENDPOINTS)
  const f1 = r.pick(FIELDS)
  const amount = r.int(1000, 500000)
  const id = 'pay_' + Math.floor(r.next() * 1e12).toString(36)
  const cmt = loc === 'vi' ? 'Gửi yêu cầu tới API' : 'Send the request to the API'
  const template = Object.hasOwn(CODE_TEMPLATES, lang) ? CODE_TEMPLATES[lang] : CODE_TEMPLATES.php
  return template({ r, ep, f1, amount, id, cmt })
}

// ---------------------------------------------------------------- site model
// Folder: { key, slug, depth, labels: {en, vi}, position, parent, children[], pages[] }
// Page:   { id, slug, folder, relPath (without .md), verb, noun, position, tags }
function buildTree(seed, N) {
  const r = new Rng(seed, 'tree:' + N)
  const S = Math.max(2, Math.min(SECTIONS.length, Math.round(N / 25)))
  const { root, folders } = buildFolders(r, S)
  pruneFolders(folders, N)
  const pages = placePages(r, root, folders, N)
  // Positions: pages first in each folder, then subfolders after them.
  const all = [root, ...folders]
  for (const f of all) {
    f.pages.forEach((p, i) => {
      p.position = i + 1
    })
    f.children.forEach((c, i) => {
      c.position = f.pages.length + i + 1
    })
  }
  return { root, folders, pages }
}

const folder = (key, slug, depth, labels, position, parent) => ({
  key,
  slug,
  depth,
  labels,
  position,
  parent,
  children: [],
  pages: [],
})

/** S sections, each with 1-3 groups, each with up to 2 subgroups. */
function buildFolders(r, S) {
  const root = folder('', '', 0, null, 0, null)
  const folders = []
  for (let s = 0; s < S; s++) {
    const [slug, en, vi] = SECTIONS[s]
    const sec = folder(slug, slug, 1, { en, vi }, s + 2, root)
    root.children.push(sec)
    folders.push(sec)
    const nG = r.int(1, 3)
    const groups = r.sample(GROUPS, nG)
    groups.forEach(([gslug, gen, gvi], gi) => {
      const g = folder(`${slug}/${gslug}`, gslug, 2, { en: gen, vi: gvi }, gi + 1, sec)
      sec.children.push(g)
      folders.push(g)
      const nSub = gi === 0 ? r.int(1, 2) : r.int(0, 2)
      r.sample(SUBGROUPS, nSub).forEach(([ss, sen, svi], si) => {
        const sub = folder(`${g.key}/${ss}`, ss, 3, { en: sen, vi: svi }, si + 1, g)
        g.children.push(sub)
        folders.push(sub)
      })
    })
  }
  return { root, folders }
}

/** Too many folders for a small N: drop deepest folders until every folder can hold one page. */
function pruneFolders(folders, N) {
  while (folders.length > N - 1) {
    const idx = folders
      .map((f, i) => [f.depth, i])
      .filter(([d]) => d > 1)
      .sort((a, b) => b[0] - a[0] || b[1] - a[1])
    if (!idx.length) break
    const f = folders[idx[0][1]]
    if (f.children.length) {
      folders.splice(idx[0][1], 1)
      continue
    }
    f.parent.children = f.parent.children.filter((c) => c !== f)
    folders.splice(idx[0][1], 1)
  }
}

/** N pages: intro at root, one per folder, the rest in random folders. */
function placePages(r, root, folders, N) {
  const used = new Set()
  const pages = []
  const mkPage = (folder, forced) => {
    let verb, noun, slug
    if (forced) {
      ;[verb, noun, slug] = forced
    } else {
      for (let tries = 0; ; tries++) {
        verb = r.pick(VERBS)
        noun = r.pick(NOUNS)
        slug = `${verb[0]}-${noun[0]}`
        if (tries > 60) slug = `${slug}-${tries}`
        if (!used.has(slug)) break
      }
    }
    used.add(slug)
    const relPath = folder.key ? `${folder.key}/${slug}` : slug
    const p = {
      id: relPath,
      slug,
      folder,
      relPath,
      verb,
      noun,
      position: 0,
      tags: r.sample(TAGS, r.int(2, 3)),
      index: pages.length,
    }
    folder.pages.push(p)
    pages.push(p)
    return p
  }
  mkPage(root, [
    ['intro', 'Introduction', 'Giới thiệu'],
    ['intro', 'Introduction', 'Giới thiệu'],
    'intro',
  ]).isIntro = true
  for (const f of folders) mkPage(f)
  // Weight leaves a bit higher so deep folders get content.
  const weights = folders.map((f) => (f.children.length ? 1 : 2))
  const total = weights.reduce((a, b) => a + b, 0)
  while (pages.length < N) {
    let x = r.next() * total
    let i = 0
    for (; i < folders.length - 1; i++) {
      x -= weights[i]
      if (x < 0) break
    }
    mkPage(folders[i])
  }
  return pages
}

function pageTitle(p, loc) {
  if (p.isIntro) return loc === 'vi' ? 'Giới thiệu' : 'Introduction'
  return loc === 'vi' ? `${p.verb[2]} ${p.noun[2]}` : `${p.verb[1]} ${p.noun[1]}`
}
function pageDescription(p, loc, r) {
  if (loc === 'vi')
    return `Hướng dẫn ${pageTitle(p, loc).toLowerCase()} với Acme Pay API: tham số, ví dụ mã và cách xử lý lỗi.`
  return `Learn how to ${p.verb[0]} a ${p.noun[1].toLowerCase()} with the Acme Pay API, with parameters, code samples and error handling${r.chance(0.5) ? ' for production integrations' : ''}.`
}

// github-slugger compatible for ASCII letters, digits and spaces (all headings we link to).
const slugify = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')

// Plan headings of every page for one (version, locale), so links can target real anchors.
function planHeadings(seed, pages, version, loc) {
  const plan = new Map()
  for (const p of pages) {
    const r = new Rng(seed, `head:${version}:${loc}:${p.id}`)
    const n = r.int(5, 15)
    const nAscii = loc === 'vi' ? r.int(2, 4) : n
    const heads = []
    const seen = new Set()
    const add = (t, ascii) => {
      const k = t.toLowerCase()
      if (seen.has(k)) return false
      seen.add(k)
      heads.push({ text: t, ascii })
      return true
    }
    // ASCII headings (for en these are the only kind).
    const asciiPool =
      loc === 'vi'
        ? HEAD_ASCII
        : [
            ...HEAD_EN_FIXED,
            ...HEAD_ASCII,
            ...VERBS.map((v) => `${v[1]} a ${p.noun[1].toLowerCase()}`),
            ...NOUNS.map((nn) => `${nn[1]} lifecycle`),
          ]
    while (heads.length < nAscii) add(r.pick(asciiPool), true)
    const viPool = [
      ...HEAD_VI_FIXED,
      ...VERBS.map((v) => `${v[2]} ${p.noun[2]}`),
      ...NOUNS.map((nn) => `Vòng đời ${nn[2]}`),
    ]
    while (heads.length < n) add(r.pick(viPool), false)
    const ordered = r.shuffle(heads)
    let prev = 2
    ordered.forEach((h, i) => {
      h.level = i === 0 ? 2 : prev === 2 ? (r.chance(0.45) ? 3 : 2) : r.chance(0.5) ? 3 : 2
      h.slug = h.ascii ? slugify(h.text) : null
      prev = h.level
    })
    plan.set(p.id, ordered)
  }
  return plan
}

// Content blocks use link tokens resolved per layout: {t:'link', to: pageId|null, anchor, text}
function pickLinkTargets(r, p, pagesById, tree) {
  const siblings = p.folder.pages.filter((q) => q !== p)
  const others = tree.pages.filter((q) => q !== p && q.folder !== p.folder)
  const near = [
    ...(p.folder.parent ? p.folder.parent.pages : []),
    ...p.folder.children.flatMap((c) => c.pages),
  ].filter((q) => q !== p)
  const out = []
  const pool = r.shuffle(siblings)
  const nSib = Math.min(pool.length, r.int(1, 2))
  for (let i = 0; i < nSib; i++) out.push(pool[i])
  if (out.length < 2) out.push(...r.sample(near.length ? near : others, 2 - out.length))
  if (r.chance(0.5) && others.length) out.push(r.pick(others))
  return out.slice(0, 3)
}

function genDocPage(seed, tree, p, version, loc, plans) {
  const r = new Rng(seed, `page:${version}:${loc}:${p.id}`)
  const heads = plans.get(p.id)
  const nSections = heads.length
  // Distribute special blocks over sections.
  const specials = Array.from({ length: nSections }, () => [])
  const put = (b) => specials[r.int(0, nSections - 1)].push(b)
  put({ t: 'table' })
  const nAdm = r.int(1, 3)
  for (let i = 0; i < nAdm; i++) put({ t: 'admonition', kind: r.pick(['note', 'tip', 'warning']) })
  const nCode = r.int(2, 4)
  const langs = r.sample(CODE_LANGS, nCode)
  for (const l of langs) put({ t: 'code', lang: l })
  const nLists = r.int(1, 3)
  for (let i = 0; i < nLists; i++) put({ t: 'list', ordered: r.chance(0.4) })
  put({ t: 'image' })
  // Links: to siblings (some with anchors) and one in-page anchor.
  const targets = pickLinkTargets(r, p, null, tree)
  for (const q of targets) {
    const qHeads = plans.get(q.id).filter((h) => h.slug)
    const anchor = r.chance(0.5) && qHeads.length ? r.pick(qHeads).slug : null
    put({
      t: 'linkpara',
      to: q.id,
      anchor,
      text: anchor ? qHeads.find((h) => h.slug === anchor).text : pageTitle(q, loc),
    })
  }
  const selfHeads = heads.filter((h) => h.slug)
  const selfAnchor = r.pick(selfHeads)
  put({ t: 'linkpara', to: null, anchor: selfAnchor.slug, text: selfAnchor.text })

  const blocks = []
  blocks.push({ t: 'p', text: paragraph(r, loc, 2, 4) })
  heads.forEach((h, i) => {
    blocks.push({ t: 'h', level: h.level, text: h.text })
    blocks.push({ t: 'p', text: paragraph(r, loc, 2, 5) })
    for (const s of specials[i]) {
      if (s.t === 'table') blocks.push({ t: 'table', rows: genTableRows(r, loc) })
      else if (s.t === 'admonition')
        blocks.push({ t: 'admonition', kind: s.kind, text: paragraph(r, loc, 1, 3) })
      else if (s.t === 'code') blocks.push({ t: 'code', lang: s.lang, text: codeSample(r, s.lang, loc) })
      else if (s.t === 'list')
        blocks.push({
          t: 'list',
          ordered: s.ordered,
          items: Array.from({ length: r.int(3, 6) }, () => sentence(r, loc)),
        })
      else if (s.t === 'image')
        blocks.push({ t: 'image', alt: loc === 'vi' ? 'Sơ đồ luồng tích hợp' : 'Integration flow diagram' })
      else if (s.t === 'linkpara')
        blocks.push({
          t: 'linkpara',
          to: s.to,
          anchor: s.anchor,
          text: s.text,
          pre: loc === 'vi' ? 'Xem thêm' : 'See',
          post: sentence(r, loc),
        })
    }
    if (r.chance(0.35)) blocks.push({ t: 'p', text: paragraph(r, loc, 1, 3) })
  })
  return {
    front: {
      title: pageTitle(p, loc),
      description: pageDescription(p, loc, r),
      sidebar_position: p.position,
      tags: p.tags,
      ...(p.isIntro ? { slug: '/' } : {}),
    },
    blocks,
  }
}

function genTableRows(r, loc) {
  const rows = []
  const fields = r.sample(FIELDS, r.int(3, 8))
  for (const f of fields) {
    rows.push([
      code(f),
      r.pick(TYPES),
      r.chance(0.5) ? (loc === 'vi' ? 'Có' : 'Yes') : loc === 'vi' ? 'Không' : 'No',
      sentence(r, loc),
    ])
  }
  return rows
}

// ---------------------------------------------------------------- blog model
function genBlog(seed, loc) {
  const posts = []
  const base = Date.UTC(2024, 0, 8)
  for (let i = 0; i < 30; i++) {
    const r = new Rng(seed, `blog:${i}`) // shared between locales: same slug/date/authors/tags
    const verb = r.pick(VERBS)
    const noun = r.pick(NOUNS)
    const kind = r.int(0, 3)
    const d = new Date(base + i * 11 * 86400000)
    const date = d.toISOString().slice(0, 10)
    const slugWords = [['announcing', 'how-we', 'introducing', 'guide'][kind], verb[0], noun[0]]
    const slug = `${slugWords.join('-')}-${i + 1}`
    const titleEn = [
      `Announcing: ${verb[1]} ${noun[1]} API`,
      `How we ${verb[0]} ${noun[1].toLowerCase()} at scale`,
      `Introducing ${noun[1]} ${verb[1]} in the dashboard`,
      `A practical guide to ${verb[0]} ${noun[1].toLowerCase()}`,
    ][kind]
    const titleVi = [
      `Ra mắt API ${verb[2].toLowerCase()} ${noun[2]}`,
      `Cách chúng tôi ${verb[2].toLowerCase()} ${noun[2]} ở quy mô lớn`,
      `Giới thiệu tính năng ${verb[2].toLowerCase()} ${noun[2]} trên dashboard`,
      `Hướng dẫn thực tế: ${verb[2].toLowerCase()} ${noun[2]}`,
    ][kind]
    const authors = r.sample(
      AUTHORS.map((a) => a[0]),
      r.int(1, 2),
    )
    const tags = r.sample(BLOG_TAGS, r.int(1, 3))
    const blocks = postBlocks(new Rng(seed, `blog:${i}:${loc}`), loc)
    posts.push({
      i,
      date,
      slug,
      file: `${date}-${slug}`,
      front: {
        title: loc === 'vi' ? titleVi : titleEn,
        description: (loc === 'vi' ? 'Bài viết về ' : 'A post about ') + noun[1].toLowerCase() + '.',
        authors,
        tags,
      },
      blocks,
    })
  }
  // Link each post (except the first) to the previous one.
  posts.forEach((p, i) => {
    if (i > 0)
      p.blocks.splice(2, 0, {
        t: 'bloglink',
        to: posts[i - 1].file,
        text: posts[i - 1].front.title,
        pre: loc === 'vi' ? 'Bài trước:' : 'Previous post:',
      })
  })
  return posts
}

/** A post's body: an intro, the excerpt's end, then 3-6 sections with a code block, a list, a note. */
function postBlocks(rc, loc) {
  const blocks = []
  blocks.push({ t: 'p', text: paragraph(rc, loc, 2, 4) })
  blocks.push({ t: 'p', text: paragraph(rc, loc, 1, 3) })
  blocks.push({ t: 'truncate' })
  const nH = rc.int(3, 6)
  const pool = loc === 'vi' ? HEAD_VI_FIXED : HEAD_EN_FIXED
  const heads = rc.sample(pool, nH)
  const codeAt = rc.int(0, nH - 1)
  heads.forEach((h, hi) => {
    blocks.push({ t: 'h', level: 2, text: h })
    blocks.push({ t: 'p', text: paragraph(rc, loc, 2, 5) })
    if (hi === codeAt) {
      const l = rc.pick(CODE_LANGS)
      blocks.push({ t: 'code', lang: l, text: codeSample(rc, l, loc) })
    }
    if (hi === 1)
      blocks.push({
        t: 'list',
        ordered: false,
        items: Array.from({ length: rc.int(3, 5) }, () => sentence(rc, loc)),
      })
    if (hi === 2 && rc.chance(0.6))
      blocks.push({
        t: 'admonition',
        kind: rc.pick(['note', 'tip', 'warning']),
        text: paragraph(rc, loc, 1, 2),
      })
  })
  return blocks
}

// ---------------------------------------------------------------- markdown rendering
function yamlScalar(v) {
  if (typeof v === 'number') return String(v)
  return JSON.stringify(v) // JSON strings are valid YAML double-quoted scalars
}
function frontMatter(obj) {
  const lines = ['---']
  for (const [k, v] of Object.entries(obj)) {
    if (Array.isArray(v)) lines.push(`${k}: [${v.map(yamlScalar).join(', ')}]`)
    else lines.push(`${k}: ${yamlScalar(v)}`)
  }
  lines.push('---', '')
  return lines.join('\n')
}

// ctx: { layout, linkHref(toId, anchor), blogHref(file), imgSrc, admonition(kind) }
function renderBlocks(blocks, ctx) {
  const out = []
  for (const b of blocks) {
    switch (b.t) {
      case 'p':
        out.push(b.text)
        break
      case 'h':
        out.push(`${'#'.repeat(b.level)} ${b.text}`)
        break
      case 'table': {
        const head =
          ctx.loc === 'vi'
            ? ['Trường', 'Kiểu', 'Bắt buộc', 'Mô tả']
            : ['Field', 'Type', 'Required', 'Description']
        out.push(
          [
            `| ${head.join(' | ')} |`,
            `| ${head.map(() => '---').join(' | ')} |`,
            ...b.rows.map((row) => `| ${row.join(' | ')} |`),
          ].join('\n'),
        )
        break
      }
      case 'admonition':
        out.push(ctx.admonition(b.kind, b.text))
        break
      case 'code':
        out.push('```' + b.lang + '\n' + b.text + '\n```')
        break
      case 'list':
        out.push(b.items.map((it, i) => (b.ordered ? `${i + 1}. ` : '- ') + it).join('\n'))
        break
      case 'image':
        out.push(`![${b.alt}](${ctx.imgSrc})`)
        break
      case 'linkpara':
        out.push(`${b.pre} [${b.text}](${ctx.linkHref(b.to, b.anchor)}). ${b.post}`)
        break
      case 'bloglink':
        out.push(`${b.pre} [${b.text}](${ctx.blogHref(b.to)}).`)
        break
      case 'truncate':
        out.push(ctx.truncate)
        break
    }
  }
  return out.join('\n\n') + '\n'
}

const admonitionDocusaurus = (kind, text) => `:::${kind}\n\n${text}\n\n:::`
const admonitionVitepress = (kind, text) => `::: ${kind === 'note' ? 'info' : kind}\n${text}\n:::`
const admonitionHugo = (kind, text) => `{{% admonition ${kind} %}}\n${text}\n{{% /admonition %}}`

// ---------------------------------------------------------------- file helpers
class Writer {
  constructor(root) {
    this.root = root
    this.files = 0
    this.bytes = 0
  }
  write(rel, content) {
    const abs = path.join(this.root, rel)
    fs.mkdirSync(path.dirname(abs), { recursive: true })
    fs.writeFileSync(abs, content)
    this.files++
    this.bytes += Buffer.byteLength(content)
  }
}

function relLink(fromFile, toFile) {
  let rel = path.posix.relative(path.posix.dirname(fromFile), toFile)
  if (!rel.startsWith('.')) rel = './' + rel
  return rel
}

// Tiny PNG (16x16, 2-colour stripes), built with node:zlib and a hand-rolled CRC32.
function tinyPng() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc32 = (buf) => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(td))
    return Buffer.concat([len, td, crc])
  }
  const W = 16,
    H = 16
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(W, 0)
  ihdr.writeUInt32BE(H, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  ihdr[10] = 0
  ihdr[11] = 0
  ihdr[12] = 0 // 8-bit RGB
  const raw = Buffer.alloc((W * 3 + 1) * H)
  for (let y = 0; y < H; y++) {
    raw[y * (W * 3 + 1)] = 0
    for (let x = 0; x < W; x++) {
      const o = y * (W * 3 + 1) + 1 + x * 3
      const on = ((x >> 2) + (y >> 2)) % 2 === 0
      raw[o] = on ? 0x25 : 0xf5
      raw[o + 1] = on ? 0x63 : 0xf7
      raw[o + 2] = on ? 0xeb : 0xfa
    }
  }
  const idat = zlib.deflateSync(raw, { level: 9 })
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// ---------------------------------------------------------------- layouts
const VERSIONS = ['v2', 'v1']
const LOCALES = ['en', 'vi']

// key: labels repeat across sections ("Overview", "Advanced"), and Docusaurus refuses duplicate
// sidebar translation keys when it builds a second locale; an explicit key keeps them unique.
function categoryYml(folder, loc) {
  return `label: ${yamlScalar(folder.labels[loc])}\nposition: ${folder.position}\nkey: ${yamlScalar(folder.key)}\n`
}
function authorsYml() {
  return AUTHORS.map(
    ([k, name, title]) =>
      `${k}:\n  name: ${yamlScalar(name)}\n  title: ${yamlScalar(title)}\n  url: ${yamlScalar('https://example.com/team/' + k)}\n`,
  ).join('')
}

// Shared writer for docusaurus and docs-site (identical markdown, different roots).
function writeMdxStyle(w, model, roots) {
  const { tree } = model
  const fileOf = (id) => `${id}.md`
  for (const version of VERSIONS) {
    for (const loc of LOCALES) {
      const base = roots.docs(version, loc)
      for (const f of tree.folders) w.write(`${base}/${f.key}/_category_.yml`, categoryYml(f, loc))
      for (const p of tree.pages) {
        const pg = model.docs[version][loc].get(p.id)
        const file = fileOf(p.id)
        const ctx = {
          loc,
          linkHref: (to, anchor) => (to ? relLink(file, fileOf(to)) : '') + (anchor ? '#' + anchor : ''),
          imgSrc: '/img/flow.png',
          admonition: admonitionDocusaurus,
        }
        w.write(`${base}/${file}`, frontMatter(pg.front) + '\n' + renderBlocks(pg.blocks, ctx))
      }
    }
  }
  for (const loc of LOCALES) {
    const base = roots.blog(loc)
    for (const post of model.blog[loc]) {
      const ctx = {
        loc,
        blogHref: (f) => `./${f}.md`,
        truncate: '<!-- truncate -->',
        admonition: admonitionDocusaurus,
      }
      w.write(`${base}/${post.file}.md`, frontMatter(post.front) + '\n' + renderBlocks(post.blocks, ctx))
    }
  }
  w.write(`${roots.blog('en')}/authors.yml`, authorsYml())
  w.write('static/img/flow.png', tinyPng())
}

function layoutDocusaurus(w, model) {
  writeMdxStyle(w, model, {
    docs: (v, loc) => {
      if (loc === 'en') return v === 'v2' ? 'docs' : 'versioned_docs/version-v1'
      return `i18n/vi/docusaurus-plugin-content-docs/${v === 'v2' ? 'current' : 'version-v1'}`
    },
    blog: (loc) => (loc === 'en' ? 'blog' : 'i18n/vi/docusaurus-plugin-content-blog'),
  })
  w.write(
    'package.json',
    JSON.stringify(
      {
        name: 'acme-pay-docs',
        private: true,
        scripts: { build: 'docusaurus build', start: 'docusaurus start' },
        dependencies: docusaurusDependencies('^3.10.2', { '@docusaurus/faster': '^3.10.2' }),
      },
      null,
      2,
    ) + '\n',
  )
  w.write('versions.json', JSON.stringify(['v1'], null, 2) + '\n')
  w.write(
    'versioned_sidebars/version-v1-sidebars.json',
    JSON.stringify({ docsSidebar: [{ type: 'autogenerated', dirName: '.' }] }, null, 2) + '\n',
  )
  w.write('sidebars.js', FILES['sidebars.js'])
  w.write('docusaurus.config.js', FILES['docusaurus.config.js'])
}

function layoutDocsSite(w, model, opts) {
  writeMdxStyle(w, model, {
    docs: (v, loc) => (loc === 'en' ? `content/docs/${v}` : `content/i18n/vi/docs/${v}`),
    blog: (loc) => (loc === 'en' ? 'content/blog' : 'content/i18n/vi/blog'),
  })
  w.write(
    'README.md',
    `# Synthetic docs corpus (docs-site layout)

Generated by \`gen-corpus.mjs --layout docs-site --pages ${opts.pages}\` (seed ${opts.seed}). Identical input gives identical output.

\`\`\`
content/docs/v2/**            current version (served at the site root /)
content/docs/v1/**            older version (served under /v1/)
content/blog/*.md             blog posts (YYYY-MM-DD-slug.md), <!-- truncate --> marks the excerpt end
content/blog/authors.yml      blog authors (key: name, title, url)
content/i18n/vi/docs/v2/**    Vietnamese translation of v2 (served under /vi/)
content/i18n/vi/docs/v1/**    Vietnamese translation of v1 (served under /vi/v1/)
content/i18n/vi/blog/*.md     Vietnamese blog posts (same file names; authors.yml falls back to content/blog)
static/img/flow.png           static asset referenced by every doc page as /img/flow.png
\`\`\`

- ${opts.pages} doc pages per version per locale (${opts.pages * 4} doc pages in all), 30 blog posts per locale.
- Folders nest 3 levels deep (section/group/subgroup); each has \`_category_.yml\` (\`label\`, \`position\`, and a unique \`key\`,
  because labels such as "Overview" repeat across sections) for an autogenerated sidebar.
- Front matter on every doc: \`title\`, \`description\`, \`sidebar_position\`, \`tags\`; \`intro.md\` also has \`slug: /\` (the version's landing page).
- Bodies: 5-15 h2/h3 headings, paragraphs, lists, one table, \`:::note\`/\`:::tip\`/\`:::warning\` containers,
  2-4 fenced code blocks (bash, json, go, js, python, java, csharp, php), relative \`.md\` links to other pages
  (some with \`#anchor\`, always to an existing heading), one in-page anchor link and one image.
- Markdown is MDX-safe (no bare \`<\`, \`{\` outside code) and identical to the docusaurus layout's files.
- \`corpus-manifest.json\` names a representative page and counts.
`,
  )
}

/** Each version's and locale's docs, and their sidebar (what an autogenerated one would be). */
function vitepressDocs(w, model, sidebars) {
  const { tree } = model
  // URL tree: v2 at /, v1 at /v1/, vi under /vi/. intro.md becomes index.md of each version root.
  const fileOf = (id) => (id === 'intro' ? 'index.md' : `${id}.md`)
  const prefix = (version, loc) => (loc === 'vi' ? 'vi/' : '') + (version === 'v1' ? 'v1/' : '')
  for (const version of VERSIONS) {
    for (const loc of LOCALES) {
      const pre = prefix(version, loc)
      for (const p of tree.pages) {
        const pg = model.docs[version][loc].get(p.id)
        const file = fileOf(p.id)
        const ctx = {
          loc,
          linkHref: (to, anchor) => (to ? relLink(file, fileOf(to)) : '') + (anchor ? '#' + anchor : ''),
          imgSrc: '/img/flow.png',
          admonition: admonitionVitepress,
        }
        w.write(
          `${pre}${file}`,
          frontMatter(pg.front) + '\n' + `# ${pg.front.title}\n\n` + renderBlocks(pg.blocks, ctx),
        )
      }
      // Sidebar (what an autogenerated sidebar would produce).
      const items = (folder) => {
        const entries = [
          ...folder.pages.map((p) => ({
            pos: p.position,
            item: {
              text: model.docs[version][loc].get(p.id).front.title,
              link: '/' + pre + (p.id === 'intro' ? '' : p.id),
            },
          })),
          ...folder.children.map((c) => ({
            pos: c.position,
            item: { text: c.labels[loc], collapsed: true, items: items(c) },
          })),
        ]
        return entries.sort((a, b) => a.pos - b.pos).map((e) => e.item)
      }
      sidebars['/' + pre] = items(tree.root)
    }
  }
}

function layoutVitepress(w, model, opts) {
  const sidebars = {}
  vitepressDocs(w, model, sidebars)
  for (const loc of LOCALES) {
    const pre = loc === 'vi' ? 'vi/' : ''
    const posts = model.blog[loc]
    for (const post of posts) {
      const ctx = {
        loc,
        blogHref: (f) => `./${f}.md`,
        truncate: '<!-- truncate -->',
        admonition: admonitionVitepress,
      }
      const front = { ...post.front, date: post.date }
      w.write(
        `${pre}blog/${post.file}.md`,
        frontMatter(front) + '\n' + `# ${post.front.title}\n\n` + renderBlocks(post.blocks, ctx),
      )
    }
    const list = [...posts]
      .reverse()
      .map((p) => `- [${p.front.title}](./${p.file}.md) (${p.date})`)
      .join('\n')
    w.write(`${pre}blog/index.md`, frontMatter({ title: 'Blog' }) + '\n# Blog\n\n' + list + '\n')
    sidebars['/' + pre + 'blog/'] = [
      {
        text: 'Blog',
        items: [...posts].reverse().map((p) => ({ text: p.front.title, link: `/${pre}blog/${p.file}` })),
      },
    ]
  }
  w.write('public/img/flow.png', tinyPng())
  w.write('.vitepress/sidebar.json', JSON.stringify(sidebars) + '\n')
  w.write('.vitepress/config.mjs', FILES['.vitepress/config.mjs'])
  w.write(
    'README.md',
    `# Synthetic docs corpus (VitePress layout)

Generated by \`gen-corpus.mjs --layout vitepress --pages ${opts.pages}\`. Build with \`vitepress build <this dir>\`.
Both versions are present: v2 at /, v1 at /v1/, Vietnamese at /vi/ and /vi/v1/ (VitePress has no versioning;
versions are plain folders with their own sidebar, keyed by path). Each version's intro.md is its index.md.
The sidebar is precomputed into .vitepress/sidebar.json from the _category_ data (VitePress has no autogenerated
sidebar). Differences from the Docusaurus files: an H1 line is added (VitePress does not render the title from
front matter), ':::note' becomes '::: info' (VitePress has no 'note' container), blog posts are plain pages with a
date in front matter plus a generated blog/index.md, and the image lives in public/img/.
`,
  )
}

function layoutHugo(w, model, opts) {
  const { tree } = model
  // content/<lang>/...: v2 at the root of each language, v1 under v1/. intro -> _index.md of the version root.
  const verDir = (version) => (version === 'v1' ? 'v1/' : '')
  const urlOf = (version, id) => '/' + verDir(version) + (id === 'intro' ? '' : id + '/')
  for (const version of VERSIONS) {
    for (const loc of LOCALES) {
      const base = `content/${loc}/${verDir(version)}`
      for (const f of tree.folders) {
        w.write(
          `${base}${f.key}/_index.md`,
          frontMatter({ title: f.labels[loc], sidebar_position: f.position }),
        )
      }
      for (const p of tree.pages) {
        const pg = model.docs[version][loc].get(p.id)
        const from = urlOf(version, p.id)
        const ctx = {
          loc,
          linkHref: (to, anchor) => {
            let href = ''
            if (to) {
              const target = urlOf(version, to)
              href = path.posix.relative(from, target)
              href = href === '' ? './' : href + '/'
            }
            return href + (anchor ? '#' + anchor : '')
          },
          imgSrc: '/img/flow.png',
          admonition: admonitionHugo,
        }
        const front = { ...pg.front }
        delete front.slug
        const file = p.id === 'intro' ? `${base}_index.md` : `${base}${p.id}.md`
        w.write(file, frontMatter(front) + '\n' + renderBlocks(pg.blocks, ctx))
      }
    }
  }
  for (const loc of LOCALES) {
    w.write(`content/${loc}/blog/_index.md`, frontMatter({ title: 'Blog', sidebar_position: 999 }))
    for (const post of model.blog[loc]) {
      const ctx = {
        loc,
        blogHref: (f) => `../${f.slice(11)}/`,
        truncate: '<!--more-->',
        admonition: admonitionHugo,
      }
      w.write(
        `content/${loc}/blog/${post.file}.md`,
        frontMatter(post.front) + '\n' + renderBlocks(post.blocks, ctx),
      )
    }
  }
  w.write('static/img/flow.png', tinyPng())
  w.write('static/css/site.css', FILES['static/css/site.css'])
  w.write('hugo.toml', FILES['hugo.toml'])
  w.write('layouts/_default/baseof.html', FILES['layouts/_default/baseof.html'])
  w.write('layouts/partials/sidebar.html', FILES['layouts/partials/sidebar.html'])
  w.write('layouts/_default/single.html', FILES['layouts/_default/single.html'])
  w.write('layouts/_default/list.html', FILES['layouts/_default/list.html'])
  w.write('layouts/index.html', FILES['layouts/index.html'])
  w.write('layouts/shortcodes/admonition.html', FILES['layouts/shortcodes/admonition.html'])
  w.write(
    'README.md',
    `# Synthetic docs corpus (Hugo layout)

Generated by \`gen-corpus.mjs --layout hugo --pages ${opts.pages}\`. Build with \`hugo --source <this dir>\`.
content/en and content/vi are the two languages (vi under /vi/); v2 is the root of each, v1 is the v1/ section.
Each version's intro page is the _index.md of its root; every folder has an _index.md (title, sidebar_position)
in place of _category_.yml. The layouts/ are theme-less and render a full collapsible sidebar (cached per
language and version), the page, its tags and a table of contents. Differences from the Docusaurus files:
admonitions become an {{% admonition %}} shortcode (Hugo 0.111 has no ::: containers), links are relative
URLs instead of .md paths, '<!-- truncate -->' becomes '<!--more-->', blog dates come from the file names.
`,
  )
}

// ---------------------------------------------------------------- main
function main() {
  const opts = parseArgs(process.argv.slice(2))
  const tree = buildTree(opts.seed, opts.pages)
  const model = { tree, docs: {}, blog: {} }
  for (const version of VERSIONS) {
    model.docs[version] = {}
    for (const loc of LOCALES) {
      const plans = planHeadings(opts.seed, tree.pages, version, loc)
      const m = new Map()
      for (const p of tree.pages) m.set(p.id, genDocPage(opts.seed, tree, p, version, loc, plans))
      model.docs[version][loc] = m
    }
  }
  for (const loc of LOCALES) model.blog[loc] = genBlog(opts.seed, loc)

  const out = path.resolve(opts.out)
  fs.mkdirSync(out, { recursive: true })
  const w = new Writer(out)
  if (opts.layout === 'docusaurus') layoutDocusaurus(w, model, opts)
  else if (opts.layout === 'docs-site') layoutDocsSite(w, model, opts)
  else if (opts.layout === 'vitepress') layoutVitepress(w, model, opts)
  else layoutHugo(w, model, opts)

  // Representative page: a non-intro page at depth >= 2 near the middle of the page list.
  const cands = tree.pages.filter((p) => !p.isIntro && p.folder.depth >= 2)
  const rep = cands[Math.floor(cands.length / 2)]
  const repUrl = {
    docusaurus: `/${rep.id}`,
    'docs-site': `/${rep.id}/`,
    vitepress: `/${rep.id}.html`,
    hugo: `/${rep.id}/`,
  }[opts.layout]
  const manifest = {
    generator: 'gen-corpus.mjs',
    layout: opts.layout,
    seed: opts.seed,
    pagesPerVersionPerLocale: opts.pages,
    versions: VERSIONS,
    locales: LOCALES,
    docPages: tree.pages.length * VERSIONS.length * LOCALES.length,
    blogPosts: 30 * LOCALES.length,
    folders: tree.folders.length,
    maxDepth: Math.max(...tree.folders.map((f) => f.depth)),
    representativePage: { id: rep.id, url: repUrl, title: pageTitle(rep, 'en') },
    filesWritten: w.files + 1,
  }
  w.write('corpus-manifest.json', JSON.stringify(manifest, null, 2) + '\n')
  console.log(
    `gen-corpus: ${opts.layout} N=${opts.pages}: ${w.files} files, ${(w.bytes / 1048576).toFixed(2)} MiB in ${out}`,
  )
}

main()
