#!/usr/bin/env bash
# Regenerates the landing hero's background loop (public/media) with ffmpeg: a synthetic rice
# field at dawn, periodic in T over 5 s so it loops without a seam, and small enough to ship.
set -euo pipefail
out="$(dirname "$0")/../public/media"
HZ='(0.42*H)'
D="((Y-$HZ)/(H-$HZ))"
WAVE="(0.5+0.5*sin(2*PI*(X/W*1.2-T/5)+$D*7))"
ROWS="(0.5+0.5*sin((X-0.5*W)/(Y-$HZ+6)*9+0.6*sin(2*PI*T/5+$D*6)))"
SUN="exp(-(pow(X-0.72*W,2)+pow(Y-$HZ,2)*3)/(2*70*70))"
SKYT="(Y/$HZ)"
R="clip(if(lt(Y,$HZ), 110+130*$SKYT+25*$SUN, 38+40*$WAVE+30*$ROWS*$D+70*(1-$D)*(1-$D)+40*$SUN),0,255)"
G="clip(if(lt(Y,$HZ), 165+55*$SKYT+20*$SUN, 92+65*$WAVE+35*$ROWS*$D+40*(1-$D)*(1-$D)+30*$SUN),0,255)"
B="clip(if(lt(Y,$HZ), 215-65*$SKYT, 32+22*$WAVE+8*$ROWS*$D),0,255)"
ffmpeg -y -loglevel error -f lavfi -i "color=c=black:s=640x360:r=24:d=5,format=rgb24" \
  -vf "geq=r='$R':g='$G':b='$B',gblur=sigma=1,format=yuv420p" \
  -c:v libvpx-vp9 -b:v 0 -crf 40 -row-mt 1 -an "$out/field.webm"
ffmpeg -y -loglevel error -i "$out/field.webm" -c:v libx264 -profile:v main -crf 28 -preset slow \
  -pix_fmt yuv420p -movflags +faststart -an "$out/field.mp4"
ffmpeg -y -loglevel error -i "$out/field.webm" -frames:v 1 -q:v 4 "$out/field-poster.jpg"
