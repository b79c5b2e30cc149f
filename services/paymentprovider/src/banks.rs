//! The built-in list of Vietnamese banks reachable by NAPAS 247 transfers (and so by
//! VietQR), keyed by their NAPAS BIN. A `vietqr_bank` provider must name one of these.

use serde::Serialize;

/// One bank: its NAPAS BIN, the short name shoppers know, and the legal name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bank {
    #[schema(pattern = "^[0-9]{6}$", example = "970436")]
    pub bin: &'static str,
    #[schema(example = "Vietcombank")]
    pub short_name: &'static str,
    pub name: &'static str,
}

const fn bank(bin: &'static str, short_name: &'static str, name: &'static str) -> Bank {
    Bank {
        bin,
        short_name,
        name,
    }
}

/// Every supported bank, in the order the admin picker shows them (one a line).
#[rustfmt::skip]
pub const BANKS: &[Bank] = &[
    bank("970436", "Vietcombank", "Ngân hàng TMCP Ngoại thương Việt Nam"),
    bank("970415", "VietinBank", "Ngân hàng TMCP Công thương Việt Nam"),
    bank("970418", "BIDV", "Ngân hàng TMCP Đầu tư và Phát triển Việt Nam"),
    bank("970405", "Agribank", "Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam"),
    bank("970407", "Techcombank", "Ngân hàng TMCP Kỹ thương Việt Nam"),
    bank("970422", "MB", "Ngân hàng TMCP Quân đội"),
    bank("970416", "ACB", "Ngân hàng TMCP Á Châu"),
    bank("970432", "VPBank", "Ngân hàng TMCP Việt Nam Thịnh Vượng"),
    bank("970423", "TPBank", "Ngân hàng TMCP Tiên Phong"),
    bank("970403", "Sacombank", "Ngân hàng TMCP Sài Gòn Thương Tín"),
    bank("970437", "HDBank", "Ngân hàng TMCP Phát triển Thành phố Hồ Chí Minh"),
    bank("970441", "VIB", "Ngân hàng TMCP Quốc tế Việt Nam"),
    bank("970443", "SHB", "Ngân hàng TMCP Sài Gòn - Hà Nội"),
    bank("970431", "Eximbank", "Ngân hàng TMCP Xuất Nhập khẩu Việt Nam"),
    bank("970426", "MSB", "Ngân hàng TMCP Hàng Hải Việt Nam"),
    bank("970448", "OCB", "Ngân hàng TMCP Phương Đông"),
    bank("970440", "SeABank", "Ngân hàng TMCP Đông Nam Á"),
    bank("970449", "LPBank", "Ngân hàng TMCP Lộc Phát Việt Nam (LienVietPostBank)"),
    bank("970428", "Nam A Bank", "Ngân hàng TMCP Nam Á"),
    bank("970409", "Bac A Bank", "Ngân hàng TMCP Bắc Á"),
    bank("970412", "PVcomBank", "Ngân hàng TMCP Đại Chúng Việt Nam"),
    bank("970425", "ABBANK", "Ngân hàng TMCP An Bình"),
    bank("970454", "Viet Capital Bank", "Ngân hàng TMCP Bản Việt (BVBank)"),
    bank("970452", "Kienlongbank", "Ngân hàng TMCP Kiên Long"),
    bank("970419", "NCB", "Ngân hàng TMCP Quốc Dân"),
    bank("970438", "BaoViet Bank", "Ngân hàng TMCP Bảo Việt"),
    bank("970429", "SCB", "Ngân hàng TMCP Sài Gòn"),
    bank("970400", "Saigonbank", "Ngân hàng TMCP Sài Gòn Công Thương"),
    bank("970427", "VietABank", "Ngân hàng TMCP Việt Á"),
    bank("970433", "VietBank", "Ngân hàng TMCP Việt Nam Thương Tín"),
    bank("970430", "PGBank", "Ngân hàng TMCP Thịnh vượng và Phát triển"),
    bank("970424", "Shinhan Bank", "Ngân hàng TNHH MTV Shinhan Việt Nam"),
    bank("546034", "Cake", "Ngân hàng số CAKE by VPBank"),
    bank("546035", "Ubank", "Ngân hàng số Ubank by VPBank"),
    bank("963388", "Timo", "Ngân hàng số Timo by Bản Việt Bank"),
];

/// The bank with this BIN, if it is in the list.
pub fn by_bin(bin: &str) -> Option<&'static Bank> {
    BANKS.iter().find(|b| b.bin == bin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_are_six_digits_and_unique() {
        for (i, b) in BANKS.iter().enumerate() {
            assert!(
                b.bin.len() == 6 && b.bin.bytes().all(|c| c.is_ascii_digit()),
                "{b:?}"
            );
            assert!(BANKS[i + 1..].iter().all(|o| o.bin != b.bin), "{b:?}");
            assert!(!b.short_name.is_empty() && !b.name.is_empty());
        }
        assert!(BANKS.len() >= 29);
    }

    #[test]
    fn known_bins() {
        let short = |bin: &str| by_bin(bin).map(|b| b.short_name);
        assert_eq!(short("970436"), Some("Vietcombank"));
        assert_eq!(short("970418"), Some("BIDV"));
        assert_eq!(short("970422"), Some("MB"));
        assert_eq!(short("963388"), Some("Timo"));
        assert_eq!(short("546034"), Some("Cake"));
        assert_eq!(short("123456"), None);
    }
}
