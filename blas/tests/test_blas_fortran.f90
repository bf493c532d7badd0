! libompwg_blas called from Fortran as any BLAS is: external SGEMM, DGEMM,
! SDOT, DDOT, SASUM, ISAMAX, IDAMAX with gfortran's calling convention (the
! hidden lengths of the character arguments come last). The operands are
! small integers, so every result is exact and is compared with MATMUL and
! plain loops exactly. Prints TAP.
program test_blas_fortran
  use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_quiet_nan, ieee_is_nan
  implicit none
  integer, parameter :: m = 3, n = 4, k = 5, ld = 6
  real :: a(ld, ld), b(ld, ld), c(ld, ld), c0(ld, ld), want(m, n)
  double precision :: ad(ld, ld), bd(ld, ld), cd(ld, ld), wantd(m, n)
  real :: x(8), nan
  double precision :: xd(4)
  real, external :: sdot, sasum
  double precision, external :: ddot
  integer, external :: isamax, idamax
  integer :: i, j, tests, failed, found(3)
  real :: sums(2)

  tests = 0
  failed = 0
  write (*, '(a)') '# test_blas_fortran: SGEMM, DGEMM, SDOT, DDOT, SASUM, ISAMAX, IDAMAX'
  do j = 1, ld
    do i = 1, ld
      a(i, j) = real(mod(i + 2 * j, 7) - 3)
      b(i, j) = real(mod(3 * i + j, 11) - 5)
      c0(i, j) = real(mod(i * j, 3))
    end do
  end do
  ad = a
  bd = b

  c = c0
  call sgemm('N', 'N', m, n, k, 2.0, a, ld, b, ld, -1.0, c, ld)
  want = 2 * matmul(a(1:m, 1:k), b(1:k, 1:n)) - c0(1:m, 1:n)
  call check(all(c(1:m, 1:n) == want) .and. all(c(m + 1:, :) == c0(m + 1:, :)), &
             "SGEMM('N', 'N'): 2 A B - C, rows below m untouched")

  c = c0
  call sgemm('t', 'n', m, n, k, 1.0, a, ld, b, ld, 0.0, c, ld)
  want = matmul(transpose(a(1:k, 1:m)), b(1:k, 1:n))
  call check(all(c(1:m, 1:n) == want), "SGEMM('t', 'n'): A**T B, lower case")

  c = c0
  call sgemm('C', 'c', m, n, k, 1.0, a, ld, b, ld, 1.0, c, ld)
  want = matmul(transpose(a(1:k, 1:m)), transpose(b(1:n, 1:k))) + c0(1:m, 1:n)
  call check(all(c(1:m, 1:n) == want), "SGEMM('C', 'c'): 'C' is a transpose for REAL")

  nan = ieee_value(nan, ieee_quiet_nan)
  c = nan
  call sgemm('N', 'T', m, n, k, 1.0, a, ld, b, ld, 0.0, c, ld)
  want = matmul(a(1:m, 1:k), transpose(b(1:n, 1:k)))
  call check(all(c(1:m, 1:n) == want), "SGEMM with BETA = 0 does not read C (NaN)")

  cd = c0
  call dgemm('N', 'T', m, n, k, -1.0d0, ad, ld, bd, ld, 2.0d0, cd, ld)
  wantd = -matmul(ad(1:m, 1:k), transpose(bd(1:n, 1:k))) + 2 * c0(1:m, 1:n)
  call check(all(cd(1:m, 1:n) == wantd), "DGEMM('N', 'T'): -A B**T + 2 C")

  x = [3.0, -7.0, 2.0, 7.0, 0.0, -1.0, 5.0, -5.0]
  ! INCX = -2 walks x(7), x(5), x(3), x(1)
  call check(sdot(4, x, -2, x(2), 1) == 5 * (-7) + 0 * 2 + 2 * 7 + 3 * 0, &
             "SDOT with INCX = -2 starts from the end")
  xd = [1d0, 2d0, 3d0, 4d0]
  call check(ddot(4, xd, 1, xd, 1) == 30d0, "DDOT")
  ! each function called on its own: a call inside .AND. may be skipped
  sums(1) = sasum(8, x, 1)
  sums(2) = sasum(8, x, 0)
  call check(sums(1) == 30.0 .and. sums(2) == 0.0, "SASUM (0 for INCX <= 0)")
  found(1) = isamax(8, x, 1)
  call check(found(1) == 2, "ISAMAX: the first of the largest magnitudes (-7 before 7)")
  found(1) = isamax(4, x, 2)
  found(2) = isamax(0, x, 1)
  found(3) = isamax(8, x, -1)
  call check(all(found == [4, 0, 0]), "ISAMAX with INCX = 2; 0 for N < 1 or INCX <= 0")
  xd = [0d0, 0d0, 2d0, 1d0]
  xd(2) = ieee_value(xd(2), ieee_quiet_nan)
  found(1) = idamax(4, xd, 1)
  call check(ieee_is_nan(xd(2)) .and. found(1) == 3, &
             "IDAMAX passes a NaN by unless it comes first")

  write (*, '(a, i0)') '1..', tests
  if (failed > 0) stop 1

contains

  subroutine check(pass, what)
    logical, intent(in) :: pass
    character(*), intent(in) :: what
    tests = tests + 1
    if (pass) then
      write (*, '(a, i0, 2a)') 'ok ', tests, ' - ', what
    else
      failed = failed + 1
      write (*, '(a, i0, 2a)') 'not ok ', tests, ' - ', what
    end if
  end subroutine check

end program test_blas_fortran
