// Sentences, paragraphs and code samples, in English or Vietnamese, drawn from a page's or a
// post's generator.

import { CODE_TEMPLATES } from './code-templates.mjs'
import { ADJ_EN, CODES, ENDPOINTS, FIELDS, NOUNS, STATE_EN, STATE_VI, VERBS } from './vocabulary.mjs'

export const code = (s) => '`' + s + '`'

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
export const sentence = (r, loc) => (loc === 'vi' ? sentenceVi(r) : sentenceEn(r))
export function paragraph(r, loc, min = 2, max = 5) {
  const n = r.int(min, max)
  const out = []
  for (let i = 0; i < n; i++) out.push(sentence(r, loc))
  return out.join(' ')
}

export function codeSample(r, lang, loc) {
  const ep = r.pick(ENDPOINTS)
  const f1 = r.pick(FIELDS)
  const amount = r.int(1000, 500000)
  const id = 'pay_' + Math.floor(r.next() * 1e12).toString(36)
  const cmt = loc === 'vi' ? 'Gửi yêu cầu tới API' : 'Send the request to the API'
  const template = Object.hasOwn(CODE_TEMPLATES, lang) ? CODE_TEMPLATES[lang] : CODE_TEMPLATES.php
  return template({ r, ep, f1, amount, id, cmt })
}
