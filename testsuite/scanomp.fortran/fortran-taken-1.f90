! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Which of Fortran's inscan loops the plugin takes, as its notes say:
! every array form, operator and construct the run tests check the
! results of, so that none goes back to GCC's code unnoticed; and the
! note for a loop it leaves to GCC.
! { dg-do compile }
! { dg-options "-fplugin-arg-scanomp-verbose" }

module taken
  implicit none
  integer :: ma(1000), mb(1000)
contains
  subroutine explicit(x, y, n)
    integer, intent(in) :: n
    real(8), intent(in) :: x(0:n-1)
    real(8), intent(out) :: y(0:n-1)
    real(8) :: s
    integer :: i
    s = 0
    !$omp parallel do reduction(inscan, +: s) ! { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive" }
    do i = 0, n - 1
      s = s + x(i)
      !$omp scan inclusive(s)
      y(i) = s
    end do
  end subroutine

  subroutine assumed(x, y)
    integer, intent(in) :: x(:)
    integer, intent(out) :: y(:)
    integer :: s, i
    s = 0
    !$omp parallel do reduction(inscan, max: s) ! { dg-message "this inscan loop runs on the host path: 1 scan variable, exclusive" }
    do i = 1, size(x)
      y(i) = s
      !$omp scan exclusive(s)
      s = max(s, x(i))
    end do
  end subroutine

  subroutine allocatable(n)
    integer, intent(in) :: n
    integer(8), allocatable :: x(:), y(:)
    integer(8) :: s
    integer :: i
    allocate (x(n), y(n))
    x = 1
    s = 1
    !$omp parallel do reduction(inscan, *: s) ! { dg-message "this inscan loop runs on the host path" }
    do i = 1, n
      s = s * x(i)
      !$omp scan inclusive(s)
      y(i) = s
    end do
    print *, y(n)
  end subroutine

  subroutine logicals(x, y, n)
    integer, intent(in) :: n
    logical, intent(in) :: x(n)
    logical, intent(out) :: y(n)
    logical :: s
    integer :: i
    s = .false.
    !$omp parallel do reduction(inscan, .or.: s) ! { dg-message "this inscan loop runs on the host path" }
    do i = 1, n
      s = s .or. x(i)
      !$omp scan inclusive(s)
      y(i) = s
    end do
  end subroutine

  subroutine orphan(n)
    integer, intent(in) :: n
    integer :: s, i
    s = 0
    !$omp parallel
    !$omp do reduction(inscan, +: s) ! { dg-message "this inscan loop runs on the host path" }
    do i = 1, n
      s = s + ma(i)
      !$omp scan inclusive(s)
      mb(i) = s
    end do
    !$omp end parallel
  end subroutine

  subroutine in_target(n)
    integer, intent(in) :: n
    integer :: s, i, m
    s = 0
    m = n
    !$omp target map(tofrom: ma, mb, s) ! { dg-message "this inscan loop runs as an OpenCL kernel" }
    !$omp parallel do reduction(inscan, ieor: s)
    do i = 1, m
      s = ieor(s, ma(i))
      !$omp scan inclusive(s)
      mb(i) = s
    end do
    !$omp end target
    ! A bound read from a dummy argument inside the target: gfortran
    ! reads it there, before the loop, and the host reads it the same.
    !$omp target map(tofrom: ma, mb, s) ! { dg-message "this inscan loop runs as an OpenCL kernel" }
    !$omp parallel do reduction(inscan, ieor: s)
    do i = 1, n
      s = ieor(s, ma(i))
      !$omp scan inclusive(s)
      mb(i) = s
    end do
    !$omp end target
  end subroutine

  ! Complex numbers, which OpenCL C lacks: GCC's own code, and a note.
  subroutine declared(x, y, n)
    integer, intent(in) :: n
    complex(8), intent(in) :: x(n)
    complex(8), intent(out) :: y(n)
    complex(8) :: s
    integer :: i
    !$omp declare reduction (cadd : complex(8) : omp_out = omp_out + omp_in) &
    !$omp   initializer (omp_priv = (0d0, 0d0))
    s = 0
    !$omp parallel do reduction(inscan, cadd: s) ! { dg-message "this inscan loop is left to GCC's own implementation: 's' is of a type OpenCL C lacks" }
    do i = 1, n
      s = s + x(i)
      !$omp scan inclusive(s)
      y(i) = s
    end do
  end subroutine

  ! A bound gfortran computes inside the construct, building a
  ! descriptor there: the parallel region holds more than the loop, and
  ! the `do simd' inside it is taken on its own, as an orphaned one (its
  ! note at a line that differs from one GCC to the next; run tests:
  ! fortran-run-shapes-1's contig).
  subroutine simd_size(x, y)
    real(8), contiguous, intent(in) :: x(:)
    real(8), contiguous, intent(out) :: y(:)
    real(8) :: s
    integer :: i
    s = 0
    !$omp parallel do simd reduction(inscan, +: s)
    do i = 1, size(x)
      y(i) = s
      !$omp scan exclusive(s)
      s = s + x(i)
    end do
  end subroutine

  ! Components of a derived-type dummy (fortran-run-components-1.f90).
  subroutine component(wlk, n)
    type walker
      real(8), allocatable :: w(:), cdf(:)
    end type walker
    type(walker), intent(inout) :: wlk
    integer, intent(in) :: n
    real(8) :: acc
    integer :: i
    acc = 0
    !$omp parallel do reduction(inscan, +: acc) ! { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive" }
    do i = 1, n
      acc = acc + wlk%w(i)
      !$omp scan inclusive(acc)
      wlk%cdf(i) = acc
    end do
  end subroutine

  ! An index the kernels cannot follow, a gather: the host path, and a
  ! note (GCC's own code until 2026-12-03).
  subroutine gathered(x, y, idx, n)
    integer, intent(in) :: n, idx(n)
    integer, intent(in) :: x(n)
    integer, intent(out) :: y(n)
    integer :: s, i
    s = 0
    !$omp parallel do reduction(inscan, +: s) ! { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive; it has no OpenCL kernel" }
    do i = 1, n
      s = s + x(idx(i)) ! { dg-message "this read's index is not an affine function of the loop index \\(it is computed from what the loop reads, or before a branch\\): the kernels, which copy the elements each index reaches, cannot copy those of 'x'" }
      !$omp scan inclusive(s)
      y(i) = s
    end do
  end subroutine

  ! What the fuzzer found left to GCC: a store to one component beside a
  ! read through another's descriptor, Fortran's parentheses and a block
  ! construct, a dummy scan variable in a target region.
  subroutine beside(lb, n, s, t)
    type two
      integer(8), pointer :: x(:) => null()
      integer(8) :: y(0:99)
    end type two
    integer, intent(in) :: lb, n
    integer(8), intent(inout) :: s
    type(two), intent(inout) :: t
    integer :: i
    !$omp parallel do reduction(inscan, max: s) ! { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive" }
    do i = lb, n
      s = max(s, (-t%x(i)))
      !$omp scan inclusive(s)
      block
        t%y(i) = s
      end block
    end do
  end subroutine

  subroutine dummy_in_target(n, s, x, y)
    integer, intent(in) :: n
    integer(8), intent(inout) :: s
    integer(8), intent(in) :: x(n)
    integer(8), intent(inout) :: y(n)
    integer :: i
    !$omp target map(to: x) map(tofrom: y, s) ! { dg-message "this inscan loop runs as an OpenCL kernel" }
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, n
      y(i) = s
      !$omp scan exclusive(s)
      s = s + x(i)
    end do
    !$omp end target
  end subroutine

  ! fortran-run-fields-1's: a store to a component of an element.
  subroutine row_starts(r, n)
    type row
      integer :: count
      integer(8) :: start
    end type row
    integer, intent(in) :: n
    type(row), intent(inout) :: r(n)
    integer(8) :: s
    integer :: i
    s = 0
    !$omp parallel do reduction(inscan, +: s) ! { dg-message "this inscan loop runs on the host path: 1 scan variable, exclusive" }
    do i = 1, n
      r(i)%start = s
      !$omp scan exclusive(s)
      s = s + r(i)%count
    end do
  end subroutine

  ! An input phase that stores, each element its own iteration's: the
  ! host path and the kernels, which run it twice (GCC's own code until
  ! 2026-12-03).
  subroutine staged(x, flag, pos, n)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    integer, intent(out) :: flag(n), pos(n)
    integer :: cnt, i
    cnt = 0
    !$omp parallel do reduction(inscan, +: cnt) ! { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive; SCANOMP_HOST=opencl runs it as an OpenCL kernel" }
    do i = 1, n
      block
        flag(i) = merge(1, 0, x(i) > 0.5d0)
        cnt = cnt + flag(i)
      end block
      !$omp scan inclusive(cnt)
      pos(i) = cnt
    end do
  end subroutine

  ! The same into a pointer array, whose stride is its descriptor's, read
  ! at run time: GCC's own code, and a note that says why.
  subroutine staged_pointer(x, d, y, n)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), pointer, intent(inout) :: d(:)
    real(8), intent(out) :: y(n)
    real(8) :: s
    integer :: i
    s = 0
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, n
      block
        d(i) = 2 * x(i) ! { dg-message "its input phase stores to 'd' at a stride read at run time, which the plugin cannot tell reaches an element of its own each iteration; store to an array indexed as in 'x\\(i\\)'" }
        s = s + d(i)
      end block
      !$omp scan inclusive(s)
      y(i) = s
    end do
  end subroutine
end module taken
