/** Vietnamese messages: signing in and changing one's password. */

export const auth = {
  loginTitle: 'Đăng nhập quản trị',
  loginSubtitle: 'Đăng nhập để tiếp tục',
  userName: 'Tên đăng nhập',
  password: 'Mật khẩu',
  userNameRequired: 'Nhập tên đăng nhập',
  passwordRequired: 'Nhập mật khẩu',
  submit: 'Đăng nhập',
} as const;

export const changePassword = {
  title: 'Cập nhật mật khẩu',
  oldPassword: 'Mật khẩu cũ',
  newPassword: 'Mật khẩu mới',
  confirmPassword: 'Nhập lại mật khẩu mới',
  oldRequired: 'Nhập mật khẩu cũ',
  newRequired: 'Nhập mật khẩu mới',
  confirmRequired: 'Nhập lại mật khẩu mới',
  mismatch: 'Mật khẩu mới không khớp',
  wrongOldPassword: 'Mật khẩu cũ không đúng!',
  success: 'Đổi mật khẩu thành công!',
} as const;
