#!/usr/bin/env bash
# Generates Nocturne's original media (no stock footage exists here): abstract neon light,
# stage haze and bokeh rendered with ffmpeg's lavfi sources. Outputs go to web/public/site-media/.
# Usage: web/scripts/make-media.sh   (needs ffmpeg with libvpx-vp9, libx264 and libwebp)
set -euo pipefail

OUT="$(cd "$(dirname "$0")/.." && pwd)/public/site-media"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"
FF=(ffmpeg -hide_banner -loglevel error -y)

# Renders a lavfi graph (one half of the loop), mirrors it (forward + reverse = seamless loop)
# and encodes WebM (VP9) + MP4 (H.264) + a WebP poster. $4 is the keyframe interval: the venue
# video is scrubbed by scrolling, so it needs frequent keyframes to seek smoothly.
make_video() {
  local name=$1 graph=$2 crf_vp9=$3 gop=$4
  "${FF[@]}" -f lavfi -i "$graph" -vf "split[f][r];[r]reverse[rr];[f][rr]concat=n=2:v=1:a=0,format=yuv420p" \
    -c:v libx264 -crf 10 -preset veryfast "$TMP/$name.mkv"
  "${FF[@]}" -i "$TMP/$name.mkv" -an -c:v libvpx-vp9 -crf "$crf_vp9" -b:v 0 -row-mt 1 \
    -deadline good -cpu-used 2 -g "$gop" "$OUT/$name.webm"
  "${FF[@]}" -i "$TMP/$name.mkv" -an -c:v libx264 -crf $((crf_vp9 - 8)) -preset slow -g "$gop" \
    -pix_fmt yuv420p -profile:v high -movflags +faststart "$OUT/$name.mp4"
  "${FF[@]}" -i "$TMP/$name.mkv" -frames:v 1 -c:v libwebp -quality 60 "$OUT/$name-poster.webp"
}

W=960 H=540 FPS=24

# Hero: slow violet/magenta radial glow with a faint gold sweep, heavily diffused like haze.
make_video hero "gradients=s=${W}x${H}:r=${FPS}:d=4:n=4:c0=0x0b0218:c1=0x6d0f8c:c2=0xff2d95:c3=0x140a3a:speed=0.012:seed=11:type=radial,format=gbrp[a];
gradients=s=${W}x${H}:r=${FPS}:d=4:n=3:c0=0x000000:c1=0xd4a017:c2=0x000000:speed=0.02:seed=5,format=gbrp[b];
[a][b]blend=all_mode=screen:all_opacity=0.35,gblur=sigma=14,vignette=PI/4" 30 96

# Venue: golden light beams fanning down through stage haze (rendered small, scaled, blurred).
make_video venue "nullsrc=s=480x270:r=${FPS}:d=3,geq=
r='clip(40+230*pow(0.5+0.5*cos(atan2(X-W/2,Y+40)*14+T*0.7),24)*(1-Y/H*0.55)+25*sin(X/W*3+T),0,255)':
g='clip(18+160*pow(0.5+0.5*cos(atan2(X-W/2,Y+40)*14+T*0.7),24)*(1-Y/H*0.55),0,255)':
b='clip(45+60*pow(0.5+0.5*cos(atan2(X-W/2,Y+40)*14+T*0.7),24)*(1-Y/H*0.55)+30*cos(Y/H*2-T),0,255)',
scale=${W}:${H}:flags=bicubic,gblur=sigma=6,vignette=PI/4" 34 6

# Performers 1: two pink/violet spotlights drifting across a dark stage.
make_video performer-1 "nullsrc=s=480x270:r=${FPS}:d=4,geq=
r='clip(12+255*exp(-(pow(X-W*(0.5+0.3*sin(T*0.8)),2)+pow(Y-H*(0.45+0.1*cos(T*1.1)),2))/(2*pow(W*0.13,2)))+120*exp(-(pow(X-W*(0.5-0.28*sin(T*0.6+1)),2)+pow(Y-H*0.6,2))/(2*pow(W*0.1,2))),0,255)':
g='clip(4+40*exp(-(pow(X-W*(0.5+0.3*sin(T*0.8)),2)+pow(Y-H*(0.45+0.1*cos(T*1.1)),2))/(2*pow(W*0.13,2)))+30*exp(-(pow(X-W*(0.5-0.28*sin(T*0.6+1)),2)+pow(Y-H*0.6,2))/(2*pow(W*0.1,2))),0,255)':
b='clip(20+170*exp(-(pow(X-W*(0.5+0.3*sin(T*0.8)),2)+pow(Y-H*(0.45+0.1*cos(T*1.1)),2))/(2*pow(W*0.13,2)))+255*exp(-(pow(X-W*(0.5-0.28*sin(T*0.6+1)),2)+pow(Y-H*0.6,2))/(2*pow(W*0.1,2))),0,255)',
scale=${W}:${H}:flags=bicubic,gblur=sigma=4,vignette=PI/4" 32 96

# Performers 2: slow teal and gold light lines sweeping through haze.
make_video performer-2 "nullsrc=s=480x270:r=${FPS}:d=4,geq=
r='clip(8+210*pow(abs(sin((X*cos(0.5+0.3*sin(T*0.5))+Y*sin(0.5+0.3*sin(T*0.5)))/W*PI*4+T)),40),0,255)':
g='clip(14+150*pow(abs(sin((X*cos(0.5+0.3*sin(T*0.5))+Y*sin(0.5+0.3*sin(T*0.5)))/W*PI*4+T)),40)+140*pow(abs(sin((X*cos(-0.6)+Y*sin(-0.6))/W*PI*3-T*0.7)),50),0,255)':
b='clip(30+40*pow(abs(sin((X*cos(0.5+0.3*sin(T*0.5))+Y*sin(0.5+0.3*sin(T*0.5)))/W*PI*4+T)),40)+200*pow(abs(sin((X*cos(-0.6)+Y*sin(-0.6))/W*PI*3-T*0.7)),50),0,255)',
scale=${W}:${H}:flags=bicubic,gblur=sigma=5,vignette=PI/4" 32 96

# 14 photos: round bokeh over a coloured gradient. A sparse random cell field is blown up,
# blurred and thresholded (which turns the blurred squares into discs), then tinted; two layers
# of different sizes give depth. Palettes and seeds vary per photo.
PALETTES=(
  "0x12002b 0x7a1fa2 0xff3fa4 0xffd166" "0x050a1f 0x1b3b8f 0x00d1ff 0xff3fa4"
  "0x1a0505 0x8f1b3b 0xffb703 0xffe8a3" "0x0b0218 0x3a0ca3 0xf72585 0x4cc9f0"
  "0x000000 0x5a189a 0xe0aaff 0xffc300" "0x03071e 0x370617 0xd00000 0xffba08"
  "0x0d0221 0x0f084b 0x26408b 0xa6cfd5" "0x10002b 0x240046 0xc77dff 0xff9e00"
  "0x081c15 0x1b4332 0x52b788 0xf4d35e" "0x14001f 0x9d0191 0xfd3a69 0xfecd1a"
  "0x000814 0x003566 0xffc300 0xffd60a" "0x1b0a1e 0x6b2d5c 0xf0a6ca 0xb8bedd"
  "0x070707 0x3c096c 0xff006e 0xfb5607" "0x0a0908 0x22333b 0xc6ac8f 0xeae0d5"
)
# A colour 0xRRGGBB as a colorchannelmixer tint of a grey layer.
tint() {
  local hex=${1#0x}
  awk -v r=$((16#${hex:0:2})) -v g=$((16#${hex:2:2})) -v b=$((16#${hex:4:2})) \
    'BEGIN { printf "rr=%.3f:rg=0:rb=0:gr=0:gg=%.3f:gb=0:br=0:bg=0:bb=%.3f", r/255, g/255, b/255 }'
}
# cells ratio seed blur threshold tint
bokeh() {
  echo "life=s=$1:r=25:ratio=$2:seed=$3:mold=0:life_color=white:death_color=black,scale=960:1200:flags=neighbor,gblur=sigma=$4,format=gray,lut=y='clip((val-$5)*4,0,255)',gblur=sigma=2,format=gbrp,colorchannelmixer=$6"
}
types=(radial linear circular radial)
for i in $(seq 1 14); do
  read -r c0 c1 c2 c3 <<<"${PALETTES[$((i - 1))]}"
  seed=$((i * 7))
  "${FF[@]}" -f lavfi -i "gradients=s=960x1200:d=1:n=3:c0=${c0}:c1=${c1}:c2=${c0}:seed=${seed}:type=${types[$((i % 4))]},format=gbrp[bg];
$(bokeh 24x30 0.0$((3 + i % 3)) "$seed" 26 22 "$(tint "$c2")")[near];
$(bokeh 48x60 0.03 $((seed + 1)) 13 18 "$(tint "$c3")"),colorlevels=romax=0.6:gomax=0.6:bomax=0.6[far];
[bg][near]blend=all_mode=screen[m];[m][far]blend=all_mode=screen,vignette=PI/3.5" \
    -frames:v 1 -f image2 -c:v png "$TMP/photo-$i.png"
  for w in 480 960; do
    "${FF[@]}" -i "$TMP/photo-$i.png" -vf "scale=${w}:-2:flags=lanczos" -c:v libwebp -quality 72 \
      "$OUT/photo-$(printf %02d "$i")-$w.webp"
  done
done

du -ch "$OUT"/* | tail -1
