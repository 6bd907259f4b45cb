//! The machinery that lets a tuner see every weight of the hand-crafted
//! evaluation as one flat list of `S` values: each field of `Params` has a
//! fixed offset (`params::idx::FIELD`), every weight a global index, and the
//! trace reports feature counts against those indices.

use crate::eval::score::S;

/// A value made only of `S` weights: a single `S` or (nested) arrays of them.
pub trait Tunable {
    /// How many `S` weights this value holds.
    const LEN: usize;
    /// Calls `f` on every weight, in index order.
    fn visit(&self, f: &mut dyn FnMut(S));
    /// Calls `f` on every weight mutably, in index order.
    fn visit_mut(&mut self, f: &mut dyn FnMut(&mut S));
}

impl Tunable for S {
    const LEN: usize = 1;
    fn visit(&self, f: &mut dyn FnMut(S)) {
        f(*self)
    }
    fn visit_mut(&mut self, f: &mut dyn FnMut(&mut S)) {
        f(self)
    }
}

impl<T: Tunable, const N: usize> Tunable for [T; N] {
    const LEN: usize = N * T::LEN;
    fn visit(&self, f: &mut dyn FnMut(S)) {
        self.iter().for_each(|t| t.visit(f))
    }
    fn visit_mut(&mut self, f: &mut dyn FnMut(&mut S)) {
        self.iter_mut().for_each(|t| t.visit_mut(f))
    }
}

/// Declares the offset constant of each field, one after the other.
macro_rules! param_offsets {
    ($at:expr;) => {};
    ($at:expr; $name:ident : $ty:ty, $($rest:tt)*) => {
        pub const $name: usize = $at;
        param_offsets!($name + <$ty as Tunable>::LEN; $($rest)*);
    };
}
pub(crate) use param_offsets;

/// What a tuner needs to know about one field of `Params` to write it back
/// as source: its name, its type as written, its doc comment lines and
/// where its weights sit in the flat list.
#[derive(Copy, Clone, Debug)]
pub struct Field {
    pub name: &'static str,
    /// The type as written in the params file, e.g. `[S; 9]`.
    pub ty: &'static str,
    /// The doc comment, one entry per `///` line, without the slashes.
    pub doc: &'static [&'static str],
    /// Index of the first weight in `Params::to_vec()`.
    pub offset: usize,
    /// Number of weights.
    pub len: usize,
}

/// Declares `Params` (one field per named weight table), its default value,
/// the flat enumeration a tuner uses and the `idx` module of field offsets.
/// Fields carry only doc comments, which `Params::FIELDS` keeps so that the
/// tuner can regenerate the params file with them.
macro_rules! define_params {
    ($( $(#[doc = $doc:literal])* $name:ident : $ty:ty = $val:expr, )*) => {
        /// Every tunable weight of the hand-crafted evaluation.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Params {
            $( $(#[doc = $doc])* pub $name: $ty, )*
        }

        impl Params {
            /// The committed weights.
            pub const DEFAULT: Params = Params { $( $name: $val, )* };

            /// Number of `S` weights in all.
            pub const LEN: usize = 0 $( + <$ty as Tunable>::LEN )*;

            /// Every field in declaration order, with its docs and offset.
            pub const FIELDS: &'static [$crate::eval::hce::tunable::Field] = &[
                $( $crate::eval::hce::tunable::Field {
                    name: stringify!($name),
                    ty: stringify!($ty),
                    doc: &[$($doc),*],
                    offset: idx::$name,
                    len: <$ty as Tunable>::LEN,
                }, )*
            ];

            /// Every weight in index order.
            pub fn to_vec(&self) -> Vec<S> {
                let mut v = Vec::with_capacity(Self::LEN);
                $( self.$name.visit(&mut |s| v.push(s)); )*
                v
            }

            /// Overwrites every weight from a flat list in index order.
            /// Returns `None` when the list has the wrong length.
            pub fn from_slice(w: &[S]) -> Option<Params> {
                if w.len() != Self::LEN {
                    return None;
                }
                let mut p = Self::DEFAULT;
                let mut it = w.iter();
                $( p.$name.visit_mut(&mut |s| *s = *it.next().expect("length checked")); )*
                Some(p)
            }

            /// A readable name for every weight, e.g. `mobility_knight[3]`.
            pub fn names() -> Vec<String> {
                let mut v = Vec::with_capacity(Self::LEN);
                $(
                    let n = <$ty as Tunable>::LEN;
                    if n == 1 {
                        v.push(stringify!($name).to_string());
                    } else {
                        v.extend((0..n).map(|i| format!("{}[{}]", stringify!($name), i)));
                    }
                )*
                v
            }
        }

        /// The index of each field's first weight in the flat list.
        #[allow(non_upper_case_globals)]
        pub mod idx {
            use super::*;
            use $crate::eval::hce::tunable::param_offsets;
            param_offsets!(0; $( $name : $ty, )*);
        }
    };
}
pub(crate) use define_params;
