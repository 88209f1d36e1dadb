//! The lab's pictures: a grid of values as a PNG image any browser opens, written with std
//! alone ([`png`]): one palette colour a value, black for 0 (the P-positions stand out),
//! the pixels stored in zlib blocks without compression (a grid of 2000 x 2000 is 4 MB).
//! Layer 0: uses no other module.

/// The colours of the values 1 to 8, light and far apart; larger values cycle through
/// colours spread over the hue circle.
const FIRST: [[u8; 3]; 8] = [
    [255, 221, 87],
    [102, 178, 255],
    [255, 140, 66],
    [120, 220, 120],
    [240, 120, 200],
    [170, 130, 255],
    [80, 210, 210],
    [200, 200, 200],
];

/// The PNG image of the values `values` (row by row, `cols` a row): row `x` of the values
/// is the `x`-th band of pixels from the top, each value a square of `scale` pixels,
/// coloured by value (0 black, the palette's 255 other colours cycling past 255).
///
/// # Complexity
/// O(pixels).
///
/// # Panics
/// If `values` does not hold `rows x cols` values, `scale` is 0, or a side of the image is
/// 2^31 pixels or more.
///
/// ```
/// let image = lab::png::png(&[0, 1, 2, 0], 2, 2, 3);
/// assert_eq!(&image[1..4], b"PNG");
/// assert_eq!(&image[16..24], [0, 0, 0, 6, 0, 0, 0, 6]); // 6 x 6 pixels
/// ```
pub fn png(values: &[u32], rows: usize, cols: usize, scale: usize) -> Vec<u8> {
    assert_eq!(values.len(), rows * cols, "{} x {} values", rows, cols);
    assert!(scale > 0, "a scale of at least 1");
    let (width, height) = (cols * scale, rows * scale);
    assert!(width < 1 << 31 && height < 1 << 31, "an image too large");
    // The scanlines: a filter byte (0, none) and a palette index a pixel.
    let mut pixels = Vec::with_capacity((width + 1) * height);
    for row in values.chunks(cols.max(1)).take(rows) {
        let start = pixels.len();
        pixels.push(0);
        for &v in row {
            let index = if v == 0 { 0 } else { 1 + ((v - 1) % 255) as u8 };
            pixels.extend(std::iter::repeat(index).take(scale));
        }
        for _ in 1..scale {
            pixels.extend_from_within(start..start + width + 1);
        }
    }
    let mut palette = vec![0u8; 3];
    for i in 1..=255u32 {
        palette.extend_from_slice(&colour(i));
    }
    let mut header = Vec::new();
    header.extend_from_slice(&(width as u32).to_be_bytes());
    header.extend_from_slice(&(height as u32).to_be_bytes());
    // Bit depth 8, colour type 3 (palette), compression, filter and interlace 0.
    header.extend_from_slice(&[8, 3, 0, 0, 0]);
    let mut image = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut image, b"IHDR", &header);
    chunk(&mut image, b"PLTE", &palette);
    chunk(&mut image, b"IDAT", &zlib_stored(&pixels));
    chunk(&mut image, b"IEND", &[]);
    image
}

/// The colour of palette index `i` (value `i`, and every value 255 more).
fn colour(i: u32) -> [u8; 3] {
    if let Some(&c) = FIRST.get(i as usize - 1) {
        return c;
    }
    // Hue by about the golden angle (593 / 1536 of the circle), in six sectors of 256.
    let hue = (i * 593) % 1536;
    let (sector, t) = (hue / 256, (hue % 256) as u8);
    let (hi, lo) = (230u8, 90u8);
    let up = lo + ((u32::from(hi - lo) * u32::from(t)) / 255) as u8;
    let down = hi - ((u32::from(hi - lo) * u32::from(t)) / 255) as u8;
    match sector {
        0 => [hi, up, lo],
        1 => [down, hi, lo],
        2 => [lo, hi, up],
        3 => [lo, down, hi],
        4 => [up, lo, hi],
        _ => [hi, lo, down],
    }
}

/// Appends the PNG chunk `kind` holding `data`: length, kind, data, CRC of kind and data.
fn chunk(image: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    image.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let from = image.len();
    image.extend_from_slice(kind);
    image.extend_from_slice(data);
    let crc = crc32(&image[from..]);
    image.extend_from_slice(&crc.to_be_bytes());
}

/// The CRC-32 of PNG (and zlib's gzip): polynomial 0xEDB88320, reflected, by a table.
fn crc32(bytes: &[u8]) -> u32 {
    let mut table = [0u32; 256];
    for (i, entry) in table.iter_mut().enumerate() {
        *entry = (0..8).fold(i as u32, |c, _| match c & 1 {
            1 => 0xEDB8_8320 ^ (c >> 1),
            _ => c >> 1,
        });
    }
    let crc = bytes.iter().fold(u32::MAX, |c, &b| {
        table[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8)
    });
    !crc
}

/// `data` as a zlib stream of stored blocks (no compression), with its Adler-32.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + data.len() / 65535 * 5 + 16);
    // CMF: deflate with a 32 KiB window; FLG: no dictionary, fastest, CMF*256+FLG % 31 == 0.
    out.extend_from_slice(&[0x78, 0x01]);
    let blocks: Vec<&[u8]> = data.chunks(65_535).collect();
    let last = blocks.len().saturating_sub(1);
    for (i, block) in blocks.iter().enumerate() {
        out.push(u8::from(i == last));
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    if blocks.is_empty() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    // Adler-32, in runs short enough that the sums cannot overflow before the modulus.
    let (mut a, mut b) = (1u32, 0u32);
    for run in data.chunks(5552) {
        for &byte in run {
            a += u32::from(byte);
            b += a;
        }
        a %= 65_521;
        b %= 65_521;
    }
    out.extend_from_slice(&(b << 16 | a).to_be_bytes());
    out
}
