/**
 * Vietnamese texts of the living style guide (`/uikit/*`, `/admin/uikit/formlayout`), the
 * template pages (`/pages/empty`, `/pages/crud`) and the staff guide (`/documentation`).
 * Only those lazily loaded pages import this file, so the storefront's first load does
 * not carry it.
 */

export const uikit = {
  title: 'Bộ giao diện',
  intro:
    'Các thành phần thật của cửa hàng, trong giao diện của cửa hàng, để xem nhanh và dùng lại khi làm màn hình mới. Trang này không cần đăng nhập và không gọi API quản trị.',
  indexLink: 'Tất cả mục',
  otherPages: 'Trang mẫu và hướng dẫn',
  colorMode: 'Giao diện',
  light: 'Sáng',
  dark: 'Tối',
  sample: 'Dữ liệu mẫu',
  sampleNote: 'Dữ liệu mẫu trong trình duyệt: không có gì được gửi lên máy chủ.',
  validate: 'Kiểm tra',
  reset: 'Nhập lại',
  valid: 'Dữ liệu hợp lệ (bản mẫu: không có gì được lưu).',
  sections: {
    input: {
      title: 'Ô nhập liệu',
      description: 'Các ô nhập như biểu mẫu quản trị dùng, với thông báo kiểm tra dữ liệu.',
    },
    formlayout: {
      title: 'Bố cục biểu mẫu',
      description: 'Biểu mẫu một cột, hai cột và trong hộp thoại.',
    },
    button: {
      title: 'Nút bấm',
      description: 'Nút chính, phụ, nguy hiểm, đang tải và nút biểu tượng.',
    },
    table: {
      title: 'Bảng dữ liệu',
      description: 'Bảng sản phẩm với phân trang và sắp xếp kiểu máy chủ.',
    },
    list: { title: 'Danh sách', description: 'Lưới sản phẩm của cửa hàng và danh sách liên kết.' },
    tree: { title: 'Cây menu', description: 'Mô hình menu quản trị: nhóm và liên kết.' },
    panel: { title: 'Khung nội dung', description: 'Tiêu đề trang, khung mục và thanh lọc.' },
    overlay: {
      title: 'Hộp thoại và lớp phủ',
      description: 'Hộp thoại xác nhận thật, hộp thoại biểu mẫu và gợi ý.',
    },
    media: { title: 'Hình ảnh', description: 'Ảnh sản phẩm, ảnh đại diện và ô tải ảnh lên.' },
    message: {
      title: 'Thông báo',
      description: 'Thông báo nổi theo từng mức, với thời gian và tiêu đề.',
    },
    file: {
      title: 'Tải tệp lên',
      description: 'Tải ảnh lên với thanh tiến trình và nhập mã từ tệp.',
    },
    menu: { title: 'Menu', description: 'Menu quản trị và menu tài khoản.' },
    charts: { title: 'Biểu đồ', description: 'Biểu đồ doanh thu theo ngày của Dashboard.' },
    misc: {
      title: 'Trạng thái',
      description: 'Nhãn trạng thái của đơn hàng, thanh toán, mã serial và sản phẩm.',
    },
    timeline: { title: 'Dòng thời gian', description: 'Lịch sử thay đổi của một đơn hàng.' },
  },
  input: {
    productForm: 'Biểu mẫu sản phẩm',
    productFormHelp: 'Để trống tên hoặc nhập giá 0 rồi bấm Kiểm tra để xem thông báo lỗi.',
    passwordForm: 'Đổi mật khẩu',
    passwordFormHelp: 'Mật khẩu mới từ 6 đến 30 ký tự và phải trùng ô xác nhận.',
    filters: 'Thanh lọc',
    keyword: 'Từ khóa',
    keywordPlaceholder: 'Tên hoặc mã sản phẩm',
    status: 'Trạng thái',
    expiresAt: 'Hạn dùng',
    note: 'Ghi chú',
  },
  formLayout: {
    vertical: 'Một cột (như trang đăng nhập)',
    grid: 'Hai cột (như biểu mẫu sản phẩm)',
    dialog: 'Trong hộp thoại',
    openDialog: 'Mở biểu mẫu trong hộp thoại',
    dialogTitle: 'Thêm người dùng (mẫu)',
  },
  button: {
    variants: 'Kiểu nút',
    primary: 'Lưu',
    secondary: 'Hủy',
    outlined: 'Sao chép',
    danger: 'Xóa',
    loading: 'Đang lưu',
    disabled: 'Không bấm được',
    withIcon: 'Thêm sản phẩm',
    iconButtons: 'Nút biểu tượng trong bảng',
    edit: 'Sửa',
    remove: 'Xóa',
    copyText: 'MA-MAU-1234',
  },
  table: {
    help: 'Bảng sản phẩm thật; trang, số dòng và sắp xếp được xử lý như một máy chủ (có độ trễ nhỏ).',
    edited: (name: string) => `Bấm sửa "${name}" (bản mẫu).`,
    deleted: (name: string) => `Bấm xóa "${name}" (bản mẫu).`,
  },
  list: {
    grid: 'Lưới sản phẩm của cửa hàng',
    links: 'Danh sách liên kết',
  },
  tree: {
    help: 'Menu bên trái của trang quản trị, dựng từ cùng một mô hình.',
    groups: (n: number) => `${n} nhóm`,
  },
  panel: {
    header: 'Tiêu đề trang',
    section: 'Khung mục',
    sectionBody: 'Một khung có tiêu đề, như các mục của trang chi tiết đơn hàng.',
    alerts: 'Hộp nhắc',
    info: 'Thông tin cho người dùng.',
    success: 'Đã lưu thành công.',
    warning: 'Sắp hết hàng.',
    error: 'Không tải được dữ liệu.',
    comingSoon: 'Màn hình chưa làm',
  },
  overlay: {
    confirm: 'Mở hộp thoại xác nhận',
    confirmTitle: 'Xóa sản phẩm?',
    confirmMessage: 'Sản phẩm mẫu sẽ bị xóa. Thao tác này chỉ là bản mẫu.',
    accepted: 'Bạn đã đồng ý.',
    rejected: 'Bạn đã từ chối.',
    formDialog: 'Mở hộp thoại biểu mẫu',
    tooltip: 'Gợi ý khi rê chuột',
    tooltipText: 'Đây là gợi ý',
    drawer: 'Mở cấu hình giao diện',
  },
  media: {
    productImage: 'Ảnh sản phẩm',
    upload: 'Tải ảnh lên',
    uploadNote:
      'Tải ảnh lên cần đăng nhập quản trị; khi chưa đăng nhập, ứng dụng sẽ chuyển tới trang đăng nhập.',
    thumbs: 'Ảnh thu nhỏ trong bảng',
    logo: 'Logo',
  },
  message: {
    help: 'Bấm để hiện thông báo ở góc trên bên phải. Thời gian hiển thị theo mức.',
    show: (title: string) => `Hiện "${title}"`,
    duration: (seconds: number) => `${seconds} giây`,
    sample: {
      success: 'Đã lưu sản phẩm.',
      info: 'Có đơn hàng mới.',
      warn: 'Sản phẩm sắp hết mã.',
      error: 'Không kết nối được máy chủ.',
    },
  },
  file: {
    image: 'Tải ảnh lên (có thanh tiến trình)',
    codes: 'Nhập mã từ tệp',
    codesHelp: 'Dán mã, mỗi dòng một mã: trang đếm trước như hộp thoại nhập mã.',
    codesLabel: 'Mã serial',
    preview: (codes: string, skipped: string, invalid: string, chunks: string) =>
      `${codes} mã sẽ được gửi · ${skipped} dòng trống bỏ qua · ${invalid} dòng không hợp lệ · ${chunks} lượt gửi`,
    progress: 'Thanh tiến trình',
  },
  menu: {
    admin: 'Menu quản trị',
    profile: 'Menu tài khoản',
    open: 'Mở menu tài khoản',
    chosen: (label: string) => `Đã chọn: ${label}`,
  },
  charts: {
    title: 'Doanh thu theo ngày',
    help: 'Biểu đồ của Dashboard với 14 ngày dữ liệu mẫu.',
  },
  misc: {
    orders: 'Trạng thái đơn hàng',
    payments: 'Trạng thái thanh toán',
    codes: 'Trạng thái mã serial',
    products: 'Trạng thái sản phẩm',
    transactions: 'Giao dịch nhận được',
    stock: 'Mức tồn kho ở cửa hàng',
    providers: 'Nhà cung cấp thanh toán',
  },
  timeline: {
    help: 'Lịch sử của một đơn hàng mẫu, cũ nhất trước.',
  },
} as const;

export const templatePages = {
  empty: {
    title: 'Trang trống',
    body: 'Mẫu để bắt đầu một màn hình mới: tiêu đề trang, chỗ cho nút thao tác và một khung nội dung.',
    placeholder: 'Nội dung của màn hình đặt ở đây.',
  },
  crud: {
    title: 'Mẫu thêm, sửa, xóa',
    intro:
      'Cách làm chuẩn của một màn hình quản lý: bảng, hộp thoại biểu mẫu, xác nhận trước khi xóa và thông báo. Danh sách là dữ liệu mẫu trong trình duyệt, tải lại trang sẽ trở về ban đầu.',
  },
} as const;

export const documentation = {
  title: 'Hướng dẫn cho nhân viên',
  intro:
    'Những việc hằng ngày trong trang quản trị: thêm sản phẩm, nhập mã, cài đặt tài khoản nhận tiền, theo dõi và xử lý đơn hàng, quản lý người dùng.',
  toc: 'Mục lục',
  products: {
    title: 'Thêm sản phẩm',
    steps: (imageMb: number) => [
      'Vào "Danh sách sản phẩm" và bấm "Thêm sản phẩm".',
      'Nhập tên (bắt buộc, tối đa 200 ký tự), giá bán bằng VND và giá gốc nếu có (giá gốc không nhỏ hơn giá bán).',
      'Đường dẫn (slug) có thể để trống: hệ thống tự tạo từ tên.',
      `Tải ảnh PNG, JPEG, WebP hoặc GIF, tối đa ${imageMb} MB; chờ thanh tiến trình chạy xong rồi mới lưu.`,
      'Chọn số lượng tối thiểu và tối đa mỗi đơn (1 đến 100) và ngưỡng "sắp hết hàng".',
      'Để trạng thái "Nháp" khi chưa bán; chuyển sang "Đang bán" khi đã có mã trong kho.',
    ],
    delete:
      'Chỉ quản trị viên xóa được sản phẩm, và chỉ khi sản phẩm chưa có đơn hàng; sản phẩm đã có đơn thì hãy ẩn đi.',
  },
  codes: {
    title: 'Nhập mã serial',
    steps: [
      'Từ một dòng sản phẩm bấm "Mã serial", hoặc vào trang mã serial rồi bấm nhập mã.',
      'Chọn sản phẩm, sau đó dán mã (mỗi dòng một mã), dán các cột chép từ Excel/Google Sheets, hoặc chọn tệp .csv, .tsv hay .txt.',
      'Thẻ điện thoại, thẻ game có số seri bên cạnh mã thẻ: trong phần xem trước, chọn cột mã thẻ (PIN), cột seri và cột hạn dùng (nếu có). Dòng tiêu đề như "Seri", "Mã thẻ", "Hạn sử dụng", "Serial", "PIN", "Expiry" được nhận ra và bỏ qua; các cột khác (ví dụ "Mệnh giá") không được nhập.',
      'Trước khi gửi, trang đếm số dòng, dòng trống, mã trùng trong tệp và dòng không hợp lệ; dòng có seri mà thiếu mã thẻ không được gửi.',
      'Có thể đặt hạn dùng và ghi chú chung cho cả lần nhập.',
      'Xem số mã sẽ gửi trước khi bấm nhập; tệp lớn được gửi thành nhiều lượt với thanh tiến trình, và có thể dừng giữa chừng.',
    ],
    limitsTitle: 'Giới hạn',
    limits: (maxCodeLength: number, perCall: string, perChunk: string, fileMb: number) => [
      `Mỗi mã tối đa ${maxCodeLength} ký tự, không chứa ký tự điều khiển; khoảng trắng hai đầu được bỏ, chữ hoa và chữ thường được giữ nguyên.`,
      `Máy chủ nhận tối đa ${perCall} mã và 8 MB mỗi lượt; trình duyệt tự chia thành lượt ${perChunk} mã.`,
      `Tệp đọc trong trình duyệt tối đa ${fileMb} MB.`,
    ],
    duplicatesTitle: 'Mã trùng và dòng lỗi',
    duplicates: [
      'Mã đã có trong kho của sản phẩm này được báo "đã tồn tại" và không nhập lại.',
      'Mã lặp lại trong cùng tệp chỉ được nhập một lần; các lần sau được báo "lặp lại".',
      'Kết quả liệt kê số dòng trong tệp của bạn cho từng mã trùng và từng dòng không hợp lệ; các mã còn lại vẫn được nhập.',
    ],
  },
  provider: {
    title: 'Cài đặt tài khoản VietQR và webhook SePay',
    steps: [
      'Vào "Dịch vụ thanh toán" và bấm thêm (chỉ quản trị viên).',
      'Chọn loại "Chuyển khoản VietQR", chọn ngân hàng trong danh sách, nhập số tài khoản và tên chủ tài khoản đúng như ngân hàng in (không dấu, chữ hoa).',
      'Nhập khóa webhook (API Key) từ 16 đến 200 ký tự, không có khoảng trắng, rồi bật webhook và lưu.',
      'Mở lại tài khoản vừa lưu để lấy địa chỉ webhook của nó (cũng có trong danh sách bên dưới), rồi làm theo các bước trong SePay dưới đây.',
    ],
    sepayTitle: 'Trong SePay',
    sepayAuthNote:
      'Có thể chọn chữ ký HMAC-SHA256 thay cho API Key (an toàn hơn: khóa không đi kèm mỗi lần gọi); chọn cùng kiểu chứng thực ở cả hai nơi.',
    urlTitle: 'Địa chỉ webhook của cửa hàng này',
    urlHelp:
      'Thay {providerId} bằng mã của tài khoản nhận tiền (địa chỉ đầy đủ cũng hiện trong hộp thoại sửa tài khoản).',
    urlTemplateLabel: 'Mẫu địa chỉ webhook',
    activeProviders: 'Tài khoản đang hoạt động',
    copyUrl: (name: string) => `Sao chép địa chỉ webhook của ${name}`,
    copyTemplate: 'Sao chép mẫu địa chỉ webhook',
    noProviders: 'Chưa có tài khoản VietQR nào đang hoạt động.',
    secretTitle: 'Khóa bí mật đặt ở đâu',
    secretBody: 'SePay gửi khóa trong tiêu đề HTTP Authorization, theo dạng:',
    secretHeader: 'Authorization: Apikey <khóa webhook>',
    secretNote:
      'Khóa được lưu mã hóa và không bao giờ hiện lại; muốn đổi thì nhập khóa mới ở cả hai nơi. Khóa sai hoặc webhook đang tắt: SePay nhận lỗi 401 và gửi lại sau. ' +
      'Bấm "Gửi thử" ở dòng của tài khoản trong "Dịch vụ thanh toán" để cửa hàng tự gửi một bản thử có chữ ký qua đúng đường webhook (lưu riêng là bản thử, không khớp đơn nào, không tính là tiền); dòng "Lần gọi gần nhất" ngay trên nút cho biết lần gọi mới nhất, của SePay hay của bản thử, và kết quả, ví dụ "Sai chữ ký" khi khóa ở hai nơi khác nhau.',
  },
  orders: {
    title: 'Theo dõi và xử lý đơn hàng',
    intro:
      'Danh sách đơn hàng lọc được theo trạng thái, thanh toán, sản phẩm, ngày và từ khóa (mã đơn, email, số điện thoại). Trang chi tiết chỉ hiện thao tác mà trạng thái đơn cho phép, và mỗi thao tác đều hỏi xác nhận.',
    actions: [
      {
        name: 'Xác nhận thanh toán',
        text: 'Khi tiền đã về mà webhook không tự ghi nhận: nhập số tiền thực nhận. Đơn hết hạn sẽ giữ lại mã nếu còn hàng.',
      },
      {
        name: 'Hủy đơn',
        text: 'Với đơn chờ thanh toán hoặc cần xử lý; nhập lý do. Mã đang giữ được trả về kho.',
      },
      {
        name: 'Cấp mã thay thế',
        text: 'Với đơn đã hoàn thành khi khách báo mã lỗi: chọn sản phẩm, số lượng và lý do; mã mới được giao miễn phí.',
      },
      {
        name: 'Tạo liên kết mới',
        text: 'Khi khách mất liên kết đơn hàng: tạo liên kết mới, sao chép và gửi cho khách, hoặc đánh dấu "Gửi liên kết mới tới email của khách". Mọi liên kết cũ hết hiệu lực ngay. Khách cũng tự xin lại liên kết qua email ở trang tra cứu đơn.',
      },
    ],
    notifications:
      'Mục "Thông báo" của trang đơn cho biết các email đã gửi cho khách và trạng thái của chúng. Quản trị viên cài máy chủ email, Telegram, gửi thử và gửi lại thông báo lỗi trong Hệ thống › Thông báo.',
    attention:
      'Đơn "Cần xử lý" là đơn đã nhận tiền nhưng không tự hoàn thành được (trả muộn, thiếu tiền, hết hàng): kiểm tra rồi xác nhận thanh toán hoặc hủy. Giao dịch chưa khớp đơn nào có thể gán cho đơn trong "Giao dịch nhận được".',
  },
  users: {
    title: 'Người dùng và vai trò',
    intro:
      'Chỉ quản trị viên vào được "Người dùng", "Cấu hình cửa hàng", "Thông báo" và "Nhật ký"; nhân viên mở các trang đó sẽ thấy trang từ chối truy cập.',
    roles: [
      {
        name: 'Quản trị viên (admin)',
        text: 'Làm được mọi việc: người dùng, cấu hình, tài khoản nhận tiền, xóa sản phẩm và mã, xem mã chưa bán, nhật ký.',
      },
      {
        name: 'Nhân viên (staff)',
        text: 'Xem mọi màn hình quản trị, thêm và sửa sản phẩm, nhập và sửa mã, mọi thao tác trên đơn hàng (kể cả xem mã của đơn), gán giao dịch.',
      },
    ],
    passwords:
      'Mật khẩu từ 6 đến 30 ký tự. Mỗi người tự đổi mật khẩu trong menu tài khoản; quản trị viên có thể đặt lại mật khẩu cho người khác.',
  },
  api: {
    title: 'Tài liệu API (OpenAPI)',
    intro: 'Mỗi dịch vụ công bố mô tả OpenAPI của mình:',
    services: {
      identity: 'Tài khoản và đăng nhập',
      system: 'Cấu hình và tải tệp',
      retailstore: 'Sản phẩm, mã serial và đơn hàng',
      paymentprovider: 'Thanh toán và webhook',
    },
  },
} as const;
