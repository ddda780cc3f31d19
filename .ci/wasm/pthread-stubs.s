# What wasm32-wasip1's std links against to spawn a thread, which Debian's
# wasi-libc (single-threaded) leaves out: each returns ENOTSUP (58), so
# std::thread::spawn returns an error, as wasip1 has no threads. Assembled
# by .ci/wasm/test with llvm-mc; never called by the suites it runs.
	.text

	.globl	pthread_create
	.type	pthread_create,@function
pthread_create:
	.functype	pthread_create (i32, i32, i32, i32) -> (i32)
	i32.const	58
	end_function

	.globl	pthread_join
	.type	pthread_join,@function
pthread_join:
	.functype	pthread_join (i32, i32) -> (i32)
	i32.const	58
	end_function

	.globl	pthread_detach
	.type	pthread_detach,@function
pthread_detach:
	.functype	pthread_detach (i32) -> (i32)
	i32.const	58
	end_function

	.globl	pthread_attr_init
	.type	pthread_attr_init,@function
pthread_attr_init:
	.functype	pthread_attr_init (i32) -> (i32)
	i32.const	58
	end_function

	.globl	pthread_attr_destroy
	.type	pthread_attr_destroy,@function
pthread_attr_destroy:
	.functype	pthread_attr_destroy (i32) -> (i32)
	i32.const	58
	end_function

	.globl	pthread_attr_setstacksize
	.type	pthread_attr_setstacksize,@function
pthread_attr_setstacksize:
	.functype	pthread_attr_setstacksize (i32, i32) -> (i32)
	i32.const	58
	end_function
