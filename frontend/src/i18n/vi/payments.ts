/** Vietnamese messages for payments: received transactions and payment providers. */

/** The numbered steps in SePay's own screens (menu names as SePay shows them). */
const sepaySteps = (auth: 'apikey' | 'hmac'): string[] => [
  'Đăng nhập my.sepay.vn, mở menu "WebHooks" và bấm "+ Thêm webhooks" (góc trên bên phải).',
  'Đặt tên (ví dụ tên cửa hàng); ở "Chọn sự kiện" chọn "Có tiền vào".',
  'Ở "Khi tài khoản ngân hàng là" chọn đúng tài khoản nhận tiền này. "Bỏ qua nếu nội dung giao dịch không có Code thanh toán": chọn "Không", để cửa hàng thấy cả những khoản khách ghi sai nội dung.',
  '"Gọi đến URL": dán địa chỉ webhook của tài khoản này. "Là WebHooks xác thực thanh toán?": chọn "Đúng".',
  auth === 'apikey'
    ? 'Kiểu chứng thực: chọn "API Key" và dán đúng khóa webhook đã lưu ở đây.'
    : 'Kiểu chứng thực: chọn chữ ký HMAC-SHA256 và dán đúng khóa HMAC đã lưu ở đây.',
  '"Request Content type": chọn "application/json", rồi bấm "Thêm".',
  'Chuyển thử một khoản nhỏ với nội dung là mã một đơn hàng: trong vài giây giao dịch hiện ở "Giao dịch nhận được" và đơn được ghi nhận.',
];

export const transactions = {
  title: 'Giao dịch nhận được',
  openFromProviders: 'Xem giao dịch nhận được',
  backToProviders: 'Về dịch vụ thanh toán',
  tableLabel: 'Danh sách giao dịch nhận được',
  empty: 'Chưa có giao dịch nào',
  loadError: (reason: string) => `Không tải được danh sách giao dịch: ${reason}`,
  received: (at: string) => `Nhận lúc ${at}`,
  code: (code: string) => `Mã: ${code}`,
  reference: (reference: string) => `Tham chiếu: ${reference}`,
  /** The transfer's own id at SePay (`sepay:<id>`), what retailstore knows the payment by. */
  bankRef: (ref: string) => `Mã GD: ${ref}`,
  source: {
    webhook: 'Webhook',
    reconciliation: 'Đối soát',
  },
  sourceHelp: {
    webhook: 'Nhận qua webhook của SePay',
    reconciliation: 'Webhook không đến: tìm thấy khi đối soát danh sách giao dịch của SePay',
  },
  flag: {
    provider_mismatch: 'Sai tài khoản nhận',
  },
  flagHelp: {
    provider_mismatch:
      'Tiền của một đơn hàng nhưng chuyển vào tài khoản khác với tài khoản của đơn: chưa được ghi nhận. Kiểm tra rồi gán vào đơn hoặc hoàn tiền cho khách.',
  },
  assign: 'Gán vào đơn',
  attempts: (count: string) => `Xử lý ${count} lần`,
  assignLabel: (amount: string, content: string) => `Gán giao dịch ${amount} “${content}” vào đơn`,
  filters: {
    keywordPlaceholder: 'Nội dung, mã đơn hoặc mã tham chiếu',
    status: 'Trạng thái',
    provider: 'Dịch vụ thanh toán',
  },
  columns: {
    transactionDate: 'Thời gian',
    provider: 'Tài khoản nhận',
    amount: 'Số tiền',
    content: 'Nội dung',
    status: 'Trạng thái',
    order: 'Đơn hàng',
  },
  status: {
    pending: 'Đang xử lý',
    matched: 'Đã khớp',
    unmatched: 'Chưa khớp',
    duplicate: 'Trùng',
    ignored: 'Bỏ qua',
  },
  unmatched: {
    badge: (count: string) => `${count} giao dịch chưa khớp`,
    cardTitle: 'Giao dịch chưa khớp',
    count: 'Số giao dịch',
    total: 'Tổng tiền',
    none: 'Không có giao dịch nào chờ gán vào đơn.',
    open: 'Xem và gán vào đơn',
    loadError: 'Không tải được số giao dịch chưa khớp',
  },
  assignDialog: {
    title: 'Gán giao dịch vào đơn hàng',
    orderCode: 'Mã đơn hàng',
    orderCodeHelp: 'Mã đơn gồm DH và 8 ký tự; tiền được cộng vào đơn này một lần duy nhất',
    orderCodeRequired: 'Nhập mã đơn hàng',
    orderCodeInvalid: 'Mã đơn hàng gồm DH và 8 ký tự, ví dụ DH7K2M9QXA',
    orderNotFound: (code: string) => `Không tìm thấy đơn hàng ${code}`,
    suggestions: 'Đơn hàng có thể khớp',
    suggestionsLoading: 'Đang tìm đơn hàng khớp…',
    noSuggestions:
      'Không có đơn chờ thanh toán hoặc hết hạn cùng số tiền, cũng không có mã đơn gần giống trong nội dung.',
    reason: {
      amount: 'Cùng số tiền',
      code: 'Mã gần giống nội dung',
    },
    chosen: 'Đơn được chọn',
    preview: (total: string, status: string, email: string) =>
      `Tổng ${total} · ${status} · ${email}`,
    previewTotal: 'Tổng tiền',
    previewStatus: 'Trạng thái',
    previewEmail: 'Email khách',
    submit: 'Gán vào đơn',
    confirmTitle: 'Gán giao dịch',
    confirmMessage: (amount: string, code: string) =>
      `Ghi nhận giao dịch ${amount} là thanh toán của đơn ${code}? Thao tác này không thể hoàn tác.`,
    done: (amount: string, code: string) => `Đã gán giao dịch ${amount} vào đơn ${code}`,
    notUnmatched: 'Giao dịch không còn ở trạng thái “Chưa khớp”: danh sách đã được cập nhật.',
    queued: (code: string) =>
      `Hệ thống đơn hàng đang tạm ngưng: giao dịch được giữ ở trạng thái “Đang xử lý” với đơn ${code} và sẽ được áp dụng tự động.`,
  },
} as const;

export const paymentProviders = {
  sepaySteps,
  title: 'Dịch vụ thanh toán',
  create: 'Thêm dịch vụ thanh toán',
  readOnlyNotice:
    'Bạn chỉ có quyền xem. Chỉ quản trị viên được thêm, sửa hoặc xóa dịch vụ thanh toán.',
  searchPlaceholder: 'Tên, ngân hàng, số hoặc chủ tài khoản',
  typeFilter: 'Loại',
  activeFilter: 'Trạng thái',
  tableLabel: 'Danh sách dịch vụ thanh toán',
  empty: 'Chưa có dịch vụ thanh toán nào',
  loadError: (reason: string) => `Không tải được danh sách dịch vụ thanh toán: ${reason}`,
  noLogo: 'Không có logo',
  columns: {
    logo: 'Logo',
    name: 'Tên',
    type: 'Loại',
    account: 'Tài khoản nhận',
    status: 'Trạng thái',
    sortOrder: 'Thứ tự',
    webhook: 'Webhook',
    createdAt: 'Ngày tạo',
  },
  types: {
    vietqr_bank: 'Chuyển khoản VietQR',
    manual: 'Thủ công',
  },
  status: {
    active: 'Đang dùng',
    inactive: 'Tạm tắt',
  },
  /** Under the webhook state: when SePay's transaction list was last read to the end. */
  lastReconciled: (at: string) => `Đối soát lần cuối: ${at}`,
  /** Under the webhook state: the last call SePay (or "Gửi thử") made, and what came of it. */
  lastWebhook: (at: string, outcome: string) => `Lần gọi gần nhất: ${at} — ${outcome}`,
  noWebhookYet: 'Lần gọi gần nhất: chưa có',
  webhookOutcomes: {
    matched: 'Thành công, đã ghi nhận cho đơn',
    duplicate: 'Thành công, đơn đã được ghi nhận trước đó',
    unmatched: 'Không khớp đơn',
    pending: 'Đã nhận, đang chờ xử lý',
    ignored: 'Đã nhận, bỏ qua (không phải tiền vào tài khoản này)',
    test: 'Gửi thử thành công',
    wrong_key: 'Sai API Key',
    wrong_signature: 'Sai chữ ký',
    stale_timestamp: 'Chữ ký quá hạn (lệch giờ quá 5 phút)',
    webhook_disabled: 'Webhook đang tắt',
    no_secret: 'Thiếu khóa bí mật',
  },
  testWebhook: {
    button: 'Gửi thử',
    /** The button's accessible name. */
    label: (name: string) => `Gửi thử webhook của ${name}`,
    sending: 'Đang gửi thử...',
    accepted: (name: string) =>
      `Gửi thử tới webhook của ${name} thành công: bản thử được lưu riêng, không khớp đơn nào và không tính là tiền.`,
    refused: (name: string, reason: string) =>
      `Gửi thử tới webhook của ${name} không thành công: ${reason}`,
    failedTitle: 'Gửi thử không thành công',
  },
  webhookStatus: {
    configured: 'Đã cấu hình',
    missingSecret: 'Thiếu khóa',
    disabled: 'Chưa bật',
  },
  actions: {
    edit: 'Sửa',
    delete: 'Xóa',
  },
  form: {
    createTitle: 'Thêm dịch vụ thanh toán',
    editTitle: 'Sửa dịch vụ thanh toán',
    name: 'Tên hiển thị',
    type: 'Loại',
    typeHelp: {
      vietqr_bank: 'Khách quét mã VietQR để chuyển khoản; đơn được xác nhận tự động qua webhook',
      manual: 'Khách làm theo hướng dẫn; nhân viên xác nhận thanh toán thủ công',
    },
    bank: 'Ngân hàng',
    bankPlaceholder: 'Tìm theo tên hoặc mã BIN',
    bankOption: (shortName: string, name: string, bin: string) => `${shortName} — ${name} (${bin})`,
    banksLoading: 'Đang tải danh sách ngân hàng...',
    banksEmpty: 'Không tìm thấy ngân hàng',
    banksLoadError: 'Không tải được danh sách ngân hàng',
    accountNumber: 'Số tài khoản',
    accountNumberHelp: '4 đến 19 chữ số',
    accountName: 'Tên chủ tài khoản',
    accountNameHelp: 'Chữ in hoa không dấu, đúng như trên ngân hàng',
    instructions: 'Hướng dẫn thanh toán',
    instructionsHelp: {
      vietqr_bank: 'Không bắt buộc; hiển thị cho khách dưới mã QR',
      manual: 'Hiển thị cho khách: cách thanh toán và cách liên hệ',
    },
    logo: 'Logo',
    isActive: 'Đang dùng (hiện cho khách khi đặt hàng)',
    sortOrder: 'Thứ tự hiển thị',
    sortOrderHelp: 'Số nhỏ hiển thị trước',
    webhookSection: 'Webhook báo biến động số dư',
    webhookEnabled: 'Bật webhook (tự động xác nhận thanh toán)',
    webhookAuth: 'Xác thực webhook',
    webhookAuths: {
      apikey: 'API Key',
      hmac: 'Chữ ký HMAC-SHA256',
    },
    /** One line each: what to choose and paste in SePay's webhook settings. */
    webhookAuthHelp: {
      apikey: 'Trong SePay chọn chứng thực “API Key” và dán khóa bên dưới vào ô API Key.',
      hmac: 'Trong SePay chọn chứng thực bằng chữ ký HMAC-SHA256 và dán khóa bên dưới vào ô khóa bí mật (secret key).',
    },
    /** The secret's label follows the authentication it is for (the e2e tests find the API Key one by name). */
    webhookSecret: {
      apikey: 'Khóa webhook (API Key)',
      hmac: 'Khóa webhook (khóa HMAC)',
    },
    webhookSecretKeep: 'Để trống để giữ nguyên',
    webhookSecretStoredPlaceholder: '••••••••••••••••',
    webhookSecretHelp: '16 đến 200 ký tự; nhập đúng khóa này trong SePay',
    webhookSecretRemove: 'Xóa khóa webhook',
    webhookSecretRemoving:
      'Khóa webhook hiện tại sẽ bị xóa khi lưu. Webhook sẽ không xác thực được cho tới khi có khóa mới.',
    webhookSecretUndo: 'Hoàn tác',
    webhookUrl: 'Địa chỉ webhook',
    publicUrlWarning: {
      title: 'SePay sẽ không gọi được địa chỉ này',
      not_https:
        'Địa chỉ không dùng https. Đặt PUBLIC_BASE_URL của cửa hàng là địa chỉ https công khai (ví dụ https://shop.cua-ban.vn) rồi khởi động lại.',
      not_public:
        'Máy chủ trong địa chỉ chỉ truy cập được từ máy này hoặc mạng nội bộ. Đặt PUBLIC_BASE_URL của cửa hàng là địa chỉ https công khai rồi khởi động lại.',
      invalid: 'Địa chỉ không hợp lệ. Kiểm tra PUBLIC_BASE_URL của cửa hàng.',
    },
    sepayStepsTitle: 'Các bước cài đặt trong SePay',
    sepayStepsGuide: 'Xem hướng dẫn đầy đủ',
    webhookUrlHint: {
      apikey:
        'Dán địa chỉ này vào mục Webhook của dịch vụ báo biến động số dư (SePay), chọn chứng thực “API Key” và dùng khóa ở trên.',
      hmac: 'Dán địa chỉ này vào mục Webhook của dịch vụ báo biến động số dư (SePay), chọn chứng thực bằng chữ ký HMAC-SHA256 và dùng khóa HMAC ở trên.',
    },
    sepayApiToken: 'Token API SePay (đối soát giao dịch)',
    sepayApiTokenHelp:
      'Không bắt buộc. Tạo token trong SePay (mục API Access); định kỳ hệ thống đọc danh sách giao dịch của SePay để ghi nhận các chuyển khoản mà webhook bị lỡ. 16 đến 500 ký tự.',
    sepayApiTokenStored: 'Đã lưu token. Để trống để giữ nguyên',
    sepayApiTokenRemove: 'Xóa token',
    sepayApiTokenRemoving:
      'Token API SePay hiện tại sẽ bị xóa khi lưu: hệ thống sẽ không còn đối soát giao dịch với SePay cho tài khoản này.',
    uploading: 'Đang tải logo lên, vui lòng chờ',
  },
  validation: {
    nameRequired: 'Nhập tên dịch vụ thanh toán',
    nameTooLong: 'Tên tối đa 100 ký tự',
    bankRequired: 'Chọn ngân hàng',
    accountNumberRequired: 'Nhập số tài khoản',
    accountNumberFormat: 'Số tài khoản gồm 4 đến 19 chữ số',
    accountNameRequired: 'Nhập tên chủ tài khoản',
    accountNameFormat: 'Tên chủ tài khoản chỉ gồm chữ in hoa A-Z, số và dấu cách',
    accountNameTooLong: 'Tên chủ tài khoản tối đa 100 ký tự',
    instructionsRequired: 'Nhập hướng dẫn thanh toán',
    instructionsTooLong: 'Hướng dẫn tối đa 2.000 ký tự',
    sortOrderInvalid: 'Thứ tự là số nguyên từ -1.000.000 đến 1.000.000',
    webhookSecretLength: 'Khóa webhook từ 16 đến 200 ký tự',
    webhookSecretWhitespace: 'Khóa webhook không được chứa khoảng trắng',
    webhookSecretRequired: 'Cần có khóa webhook để bật webhook',
    sepayApiTokenLength: 'Token API SePay từ 16 đến 500 ký tự',
    sepayApiTokenWhitespace: 'Token API SePay không được chứa khoảng trắng',
  },
  messages: {
    created: (name: string) => `Đã thêm dịch vụ thanh toán ${name}`,
    updated: (name: string) => `Đã cập nhật dịch vụ thanh toán ${name}`,
    deleted: (name: string) => `Đã xóa dịch vụ thanh toán ${name}`,
    deleteTitle: 'Xóa dịch vụ thanh toán',
    deleteConfirm: (name: string) =>
      `Bạn có chắc muốn xóa dịch vụ thanh toán ${name}? Khách sẽ không chọn được dịch vụ này nữa; các đơn hàng đã tạo vẫn giữ thông tin thanh toán cũ.`,
  },
} as const;
