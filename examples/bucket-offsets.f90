! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! bucket-offsets.f90: the first step of a counting sort in Fortran, the
! start of each bucket in the sorted output: an exclusive scan of the
! buckets' counts, written as a standard OpenMP inscan loop.  gfortran
! alone runs it on its threads; with the plugin it takes the host path
! or, under `target', the kernels.
!
!   gfortran -O2 -specs=scanomp.specs bucket-offsets.f90 -o bucket-offsets
!   ./bucket-offsets [buckets]
!
! It checks itself against the sequential loop and prints the total.
program bucket_offsets
  implicit none
  integer :: nbuckets, i, status
  integer(8), allocatable :: counts(:), starts(:)
  integer(8) :: total, expect
  character(len=32) :: arg

  nbuckets = 1000000
  if (command_argument_count () >= 1) then
    call get_command_argument (1, arg)
    read (arg, *, iostat=status) nbuckets
    if (status /= 0 .or. nbuckets < 1) then
      print '(a)', 'usage: bucket-offsets [buckets]'
      stop 2
    end if
  end if
  allocate (counts(nbuckets), starts(nbuckets))
  do i = 1, nbuckets
    counts(i) = mod(int(i, 8) * 2654435761_8, 17_8)
  end do

  call offsets (counts, starts, nbuckets, total)

  expect = 0
  do i = 1, nbuckets
    if (starts(i) /= expect) then
      print '(a, i0)', 'wrong start of bucket ', i
      stop 1
    end if
    expect = expect + counts(i)
  end do
  if (total /= expect) stop 1
  print '(i0, a, i0, a)', nbuckets, ' buckets, ', total, ' elements'

contains

  ! starts(i) = counts(1) + ... + counts(i-1); total = the sum of all.
  subroutine offsets (counts, starts, n, total)
    integer, intent(in) :: n
    integer(8), intent(in) :: counts(n)
    integer(8), intent(out) :: starts(n), total
    integer(8) :: s
    integer :: i
    s = 0
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, n
      starts(i) = s
      !$omp scan exclusive(s)
      s = s + counts(i)
    end do
    total = s
  end subroutine offsets
end program bucket_offsets
