// Written by scripts/fftw-wisdom.sh (fftw-wisdom tool for FFTW version 3.3.10, x86_64); run it again rather than editing.

/// FFTW's plans for frames of 80 120 160 240 320 450 480 640 900 960 points
/// (cof40 cof60 cof80 cof120 cof160 rof450 cof240 cof320 rof900 cof480:
/// c, the complex transform of half the size; r, the real one), as `fftwf-wisdom -n`
/// measured them (PATIENT mode): `Spectrum` imports them before its first plan. FFTW
/// refuses the whole of it when its version differs or it names a codelet this machine's
/// FFTW lacks, and then plans by its estimate.
let spectrumWisdom = """
    (fftw-3.3.10 fftwf_wisdom #x9e7d4dee #xdb14fed1 #x34bf76a4 #xeb6e8fdf
      (fftwf_codelet_hc2cfdftv_6_sse2 0 #x11048 #x11048 #x0 #xf66a29bc #x7ae131b0 #x18aae825 #x1a8a801b)
      (fftwf_codelet_t1fv_4_avx 0 #x11048 #x11048 #x0 #x28b14b2f #xf6550589 #x4ad209e0 #xf8847999)
      (fftwf_codelet_n2fv_12_sse2 0 #x11048 #x11048 #x0 #x05f2c0ee #xbfd4a17d #x9e313a81 #xeebcab4d)
      (fftwf_codelet_t1fv_6_sse2 0 #x11048 #x11048 #x0 #xac44634f #xb84557ba #x240751c9 #x12c7e5e6)
      (fftwf_codelet_n2fv_10_avx 0 #x11048 #x11048 #x0 #xd900142a #x1e711b98 #x76548b9b #x9e6f9c3d)
      (fftwf_codelet_n2fv_20_avx 0 #x11048 #x11048 #x0 #x3bcedf08 #x6250e457 #x0896ad4e #x8567cdd2)
      (fftwf_codelet_t1fuv_5_sse2 0 #x11048 #x11048 #x0 #x1fcf89f4 #xcbc52f97 #x788e39e6 #x38ef7fc9)
      (fftwf_codelet_t1fv_15_sse2 0 #x11048 #x11048 #x0 #x86fda712 #x2e170777 #x936fc08e #x7163cb68)
      (fftwf_codelet_n1fv_6_sse2 0 #x11048 #x11048 #x0 #xae4cafef #xcd5f06b2 #xa8052401 #xbcc0ca95)
      (fftwf_dft_vrank_geq1_register 0 #x11048 #x11048 #x0 #xacfa2a5a #x2c5d93fe #xd5ac4e1c #x3b38717c)
      (fftwf_codelet_n2fv_8_avx 0 #x11048 #x11048 #x0 #x4c1bd5f1 #x086d3710 #xb96c551f #x678b0dd0)
      (fftwf_codelet_n2fv_12_avx 0 #x11048 #x11048 #x0 #x0c1c0a05 #xe0c90ceb #x73f95c38 #x81a48a01)
      (fftwf_codelet_r2cf_10 2 #x11048 #x11048 #x0 #xb9b968a1 #x59b77d49 #xc00e8e9f #x5280d73d)
      (fftwf_codelet_t2fv_20_avx 0 #x11048 #x11048 #x0 #xb5945728 #x34cbc646 #xbada9167 #xfbd5e37d)
      (fftwf_codelet_hc2cfdftv_10_avx 0 #x11048 #x11048 #x0 #xf0cf3e54 #x55b43474 #x821d387c #x04cef539)
      (fftwf_codelet_t2fv_20_avx 0 #x11048 #x11048 #x0 #xb1d871c3 #x36dc3ba1 #x17f99e30 #x0360232b)
      (fftwf_rdft2_nop_register 0 #x11048 #x11048 #x0 #xa35d9d5f #x19cbf63e #x16e90928 #x0cd40c5f)
      (fftwf_codelet_n1fv_15_sse2 0 #x11048 #x11048 #x0 #xa61d9a80 #x17cc7e04 #xe17953e6 #xe6fe36f3)
      (fftwf_codelet_t2fv_4_sse2 0 #x11048 #x11048 #x0 #x21997187 #xcb0d214e #xe4f5d581 #x4c062101)
      (fftwf_dft_vrank_geq1_register 0 #x11048 #x11048 #x0 #xc1151782 #x0538bb4e #xc9487f93 #xb914b726)
      (fftwf_codelet_r2cfII_10 2 #x11048 #x11048 #x0 #x013753e2 #x6c2ed54f #x96eacb6b #xe31010f1)
      (fftwf_codelet_n2fv_12_avx 0 #x11048 #x11048 #x0 #x0852c96f #x02466e90 #xf50d8c4f #xb0906925)
      (fftwf_codelet_n2fv_10_sse2 0 #x11048 #x11048 #x0 #x3b5677c1 #x9e98c10f #x2b986f2e #xd0602498)
      (fftwf_codelet_t3fv_20_avx 0 #x11048 #x11048 #x0 #xf79e079a #x0925af65 #x6aa428bd #xe5859c33)
      (fftwf_codelet_t1fv_16_avx 0 #x11048 #x11048 #x0 #x06ae2b11 #xfbf6e07c #x9ae954a2 #x648df472)
      (fftwf_codelet_t2fv_10_avx 0 #x11048 #x11048 #x0 #x2cb3376b #x08e5062a #xbce624bc #xd46fa51c)
      (fftwf_dft_vrank_geq1_register 1 #x11048 #x11048 #x0 #xd9eba91d #xc59ec255 #x09266133 #xabb8ac41)
      (fftwf_codelet_t2fv_10_avx 0 #x11048 #x11048 #x0 #x198ca718 #x41a0690f #x89d6a59f #x93c817c2)
      (fftwf_codelet_n2fv_4_avx 0 #x11048 #x11048 #x0 #xcd0efdf6 #x8f79ae45 #xe039b2b7 #xbdd2e3b0)
      (fftwf_codelet_r2cf_6 2 #x11048 #x11048 #x0 #xa6d61f15 #x4d05b50a #xc6d870e0 #x0e0da605)
    )
    """
