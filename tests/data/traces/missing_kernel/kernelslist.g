../ok_v5.traceg
kernel-9.traceg
