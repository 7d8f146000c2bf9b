/* placeholder so the layer library is never empty; real UI code replaces it */
typedef int gin_ui_placeholder_;
