// deviceterm-gui: the composition root. The application itself lives in
// app/ui, the only layer allowed to use QtWidgets.

#include "ui/gui_main.h"

int main(int argc, char *argv[])
{
    return dt::ui::runGui(argc, argv);
}
